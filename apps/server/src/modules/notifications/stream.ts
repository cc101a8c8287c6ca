import type { Language } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { replyError } from '../../plugins/errors.js';
import { countUnread, type Recipient, selectAfter, selectFeedRow } from './queries.js';
import type { StreamConnection, StreamHub } from './stream-hub.js';
import { toNotification } from './words.js';

/** A stream ends after this long; the browser reconnects at once with Last-Event-ID (and its session is checked). */
export const STREAM_LIFETIME_MS = 15 * 60_000;
/** Notifications sent on a resume at most; a browser away longer reloads the centre instead. */
const RESUME_LIMIT = 100;

const recipientOfKey = (key: string): Recipient => {
  const [audience, id] = key.split(':');
  return { audience: audience as Recipient['audience'], id: Number(id) };
};

const event = (id: string | undefined, name: string, data: unknown) =>
  `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Writes one new notification to the person's streams: loaded once, worded once per language. A firm notice (`m`)
 * carries no event id, so a resume goes on from the last notification of the centre's own.
 */
export function deliverTo(db: Db) {
  return async (key: string, id: string, connections: ReadonlySet<StreamConnection>) => {
    const recipient = recipientOfKey(key);
    const row = await selectFeedRow(db, recipient, id[0] === 'm' ? 'm' : 'n', Number(id.slice(1)));
    if (!row) return;
    const unread = await countUnread(db, recipient);
    const worded = new Map<Language, string>();
    for (const connection of connections) {
      let chunk = worded.get(connection.language);
      if (chunk === undefined) {
        const notification = toNotification(row, connection.language);
        chunk = event(row.source === 'n' ? notification.id : undefined, 'notification', {
          notification,
          unread,
        });
        worded.set(connection.language, chunk);
      }
      connection.write(chunk);
    }
  };
}

/** `n123` → 123; anything else (absent, a firm notice's id, garbage) → no resume. */
function resumeAfter(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^n([1-9][0-9]{0,15})$/.exec(value) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * `GET /notifications/stream` (decision 050): Server-Sent Events for the signed-in person. Refused with 429 past the
 * person's cap (503 past the process's), which the browser answers by polling. Opens with the unread count, then
 * what was missed after Last-Event-ID, then each new notification as it is written, by any process.
 */
export async function openStream(
  db: Db,
  hub: StreamHub,
  request: FastifyRequest,
  reply: FastifyReply,
  recipient: Recipient,
) {
  // EventSource asks for an event stream; anything else (a plain fetch, a scanner) gets an answer that ends.
  if (!String(request.headers.accept ?? '').includes('text/event-stream'))
    return replyError(request, reply, 406, 'errors.badRequest');
  const key = `${recipient.audience}:${recipient.id}`;
  const admitted = hub.admit(key);
  if (admitted !== 'ok') {
    reply.header('retry-after', '60');
    return replyError(request, reply, admitted === 'user' ? 429 : 503, 'notifications.tooManyStreams');
  }
  const after = resumeAfter(request);
  const unread = await countUnread(db, recipient);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'private, no-store',
    // nginx and similar proxies would otherwise hold events back in their buffers.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.socket?.setNoDelay(true);
  // Held back until the missed ones are written, so nothing arrives out of order or twice.
  let pending: string[] | undefined = [];
  let lastSent = after ?? 0;
  let closed = false;
  const connection: StreamConnection = {
    key,
    language: request.language,
    write: (chunk) => {
      if (closed) return;
      if (pending) pending.push(chunk);
      else raw.write(chunk);
    },
    end: () => {
      if (closed) return;
      closed = true;
      hub.remove(connection);
      raw.end();
    },
  };
  const lifetime = setTimeout(() => connection.end(), STREAM_LIFETIME_MS);
  lifetime.unref();
  raw.on('close', () => {
    clearTimeout(lifetime);
    closed = true;
    hub.remove(connection);
  });
  hub.add(connection);
  raw.write(`retry: 3000\n\n${event(undefined, 'unread', { unread })}`);
  if (after !== undefined) {
    for (const row of await selectAfter(db, recipient, after, RESUME_LIMIT)) {
      const notification = toNotification(row, request.language);
      raw.write(event(notification.id, 'notification', { notification, unread }));
      lastSent = row.id;
    }
  }
  const held = pending;
  pending = undefined;
  for (const chunk of held) {
    // A live event already written as missed: skipped.
    const id = /^id: n([0-9]+)\n/.exec(chunk);
    if (id && Number(id[1]) <= lastSent) continue;
    if (!closed) raw.write(chunk);
  }
}
