import type { PGlite } from '@electric-sql/pglite';

/** The shape pg-boss (and node-postgres' `pool.query`) expects: SQL text, optional positional values, rows back. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PGlite speaks two protocols: `query` runs ONE statement with parameters (extended protocol), `exec` runs a
 * script of several statements without parameters (simple protocol). node-postgres picks between them the same
 * way, so a script without values goes to `exec` (pg-boss installs and migrates its schema as one BEGIN…COMMIT
 * script) and anything with values to `query`. The answer of a script is that of its last statement, as with pg.
 */
export function pgliteSql(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}
