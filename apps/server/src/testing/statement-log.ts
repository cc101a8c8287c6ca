import type { Database } from '../db/client.js';

/**
 * Every statement the app's database client sends, in order (PGlite or the node-postgres pool alike): drizzle sends
 * each one, prepared or not, through its client's query(), so the log is kept there. The job queue's polling (which
 * shares the pool on PostgreSQL) is left out.
 */
export function logStatements(database: Database): {
  since(call: () => Promise<unknown>): Promise<string[]>;
} {
  const client = (database.db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } })
    .session.client;
  const query = client.query;
  let sent: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    sent.push(typeof first === 'string' ? first : ((first as { text?: string }).text ?? ''));
    return query.apply(this, args);
  };
  return {
    /** The statements `call` sent. */
    async since(call) {
      sent = [];
      await call();
      return sent.filter((text) => !text.includes('pgboss'));
    },
  };
}
