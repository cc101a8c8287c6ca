import type { Language } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { NotificationListener } from '../../db/notification-listener.js';

/** The channel the triggers of migration 0046 announce new notifications on. */
export const NOTIFICATIONS_CHANNEL = 'portal_notifications';

/** A comment line this often keeps proxies (which cut idle connections at 30–60 s) from ending a stream. */
export const HEARTBEAT_MS = 25_000;

/** One open stream: whose, in which language, and how to write to it. */
export interface StreamConnection {
  key: string;
  language: Language;
  write(chunk: string): void;
  end(): void;
}

/** Who a payload `c:12:n345` is for (`client:12`) and what (`n345`). */
export function parsePayload(payload: string): { key: string; wireId: string } | undefined {
  const match = /^([cps]):([0-9]+):([nm][0-9]+)$/.exec(payload);
  if (!match) return undefined;
  const audience = { c: 'client', p: 'producer', s: 'staff' }[match[1] as 'c' | 'p' | 's'];
  return { key: `${audience}:${match[2]}`, wireId: match[3] as string };
}

export type Deliver = (
  key: string,
  wireId: string,
  connections: ReadonlySet<StreamConnection>,
) => Promise<void>;

/**
 * The process's open notification streams (decision 050). New notifications are heard on one LISTEN connection per
 * process, whichever process wrote them (on PGlite, the one process); each is loaded once and written to every
 * stream of its person here. One timer sends every stream's heartbeat. Caps: per person and per process.
 */
export class StreamHub {
  readonly #byKey = new Map<string, Set<StreamConnection>>();
  #count = 0;
  #listener: NotificationListener | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #deliver: Deliver | undefined;

  constructor(
    readonly limits: { perUser: number; max: number },
    readonly log: FastifyBaseLogger,
    readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  get size(): number {
    return this.#count;
  }

  countOf(key: string): number {
    return this.#byKey.get(key)?.size ?? 0;
  }

  /** Starts hearing the channel; `deliver` writes one notification to its person's streams. */
  async start(listen: Database['listen'], deliver: Deliver): Promise<void> {
    this.#deliver = deliver;
    this.#listener = await listen(NOTIFICATIONS_CHANNEL, {
      payload: (text) => this.dispatch(text),
      connected: (isConnected) => {
        if (!isConnected)
          this.log.warn('notification stream listener disconnected; streams resume on reconnect');
      },
    });
    this.#heartbeat = setInterval(() => this.#beat(), this.heartbeatMs);
    this.#heartbeat.unref();
  }

  /** A payload heard on the channel (also called directly by tests). */
  dispatch(text: string): void {
    const parsed = parsePayload(text);
    if (!parsed || !this.#deliver) return;
    const connections = this.#byKey.get(parsed.key);
    if (!connections || connections.size === 0) return;
    this.#deliver(parsed.key, parsed.wireId, connections).catch((err) =>
      this.log.warn({ err }, 'notification not streamed'),
    );
  }

  /** 'ok', or why not: the person's streams or the process's are at their cap. */
  admit(key: string): 'ok' | 'user' | 'process' {
    if (this.#count >= this.limits.max) return 'process';
    if (this.countOf(key) >= this.limits.perUser) return 'user';
    return 'ok';
  }

  add(connection: StreamConnection): void {
    let set = this.#byKey.get(connection.key);
    if (!set) {
      set = new Set();
      this.#byKey.set(connection.key, set);
    }
    if (!set.has(connection)) {
      set.add(connection);
      this.#count++;
    }
  }

  remove(connection: StreamConnection): void {
    const set = this.#byKey.get(connection.key);
    if (!set?.delete(connection)) return;
    this.#count--;
    if (set.size === 0) this.#byKey.delete(connection.key);
  }

  #beat(): void {
    for (const set of this.#byKey.values()) for (const connection of set) connection.write(':\n\n');
  }

  /** Ends every stream (shutdown: browsers reconnect to another process with Last-Event-ID) and stops hearing. */
  async stop(): Promise<void> {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    for (const set of [...this.#byKey.values()]) for (const connection of [...set]) connection.end();
    this.#byKey.clear();
    this.#count = 0;
    await this.#listener?.close();
  }
}
