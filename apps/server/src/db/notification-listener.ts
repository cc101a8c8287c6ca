import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a listener tells its owner. `connected(false)` means notifications may have been missed from now on: an owner
 * that caches must stop trusting its cache until `connected(true)`, and then start from empty (what was sent while
 * the connection was down is lost for good).
 */
export interface NotificationHandlers {
  payload(text: string): void;
  connected(isConnected: boolean): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * LISTEN on a PostgreSQL server, on a connection of its own (a pooled connection would be handed to requests, and a
 * listener must stay open). The connection is re-opened after a failure, with a growing pause, until `close`.
 */
export function listenOnPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
  connectTimeoutMs = 5000,
): NotificationListener {
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    handlers.connected(false);
    current.removeAllListeners('notification');
    // An 'error' after 'end' must not become an unhandled exception.
    current.on('error', () => {});
    current.end().catch(() => {});
    if (closed) return;
    retryTimer = setTimeout(open, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const open = () => {
    retryTimer = null;
    if (closed) return;
    const current = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      application_name: 'portal-listener',
    });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.payload(message.payload ?? '');
    });
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current
      .connect()
      .then(() => current.query(`listen ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client !== current) return;
        retryMs = RETRY_MIN_MS;
        handlers.connected(true);
      })
      .catch(() => lost(current));
  };

  open();
  return {
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      if (!current) return;
      handlers.connected(false);
      current.removeAllListeners('end');
      current.on('error', () => {});
      await current.end().catch(() => {});
    },
  };
}

/** LISTEN on embedded PGlite: one in-process connection that cannot be lost, so it is connected from the start. */
export async function listenOnPglite(
  client: PGlite,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  const stop = await client.listen(channel, handlers.payload);
  handlers.connected(true);
  return {
    close: async () => {
      handlers.connected(false);
      if (!client.closed) await stop();
    },
  };
}
