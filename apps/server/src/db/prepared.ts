import type { Db } from './client.js';
import { registerNamedStatement } from './pglite-query.js';

/**
 * Named prepared statements for the hot point lookups (the session, `/me`, a client's plans and one plan's detail).
 *
 * Why: drizzle builds a statement's text on every call (a quarter of the CPU of `/b2c/plans` in the profile of
 * docs/performance/request-path.md), and an unnamed statement is parsed and planned by PostgreSQL on every call. A
 * statement built once and prepared under a name skips both: drizzle keeps the text and fills in `sql.placeholder`
 * values, and node-postgres parses it once per pooled connection and then only binds. On PGlite, drizzle's driver
 * ignores the name; db/pglite-query.ts prepares the registered text under it instead.
 *
 * Only for lookups by key whose plan is the same whatever the values (an index probe on a primary or foreign key):
 * after five runs PostgreSQL may switch a prepared statement to a generic plan, which docs/performance.md measured
 * 3–100× slower on lists and reports whose best plan depends on the values. Lists and reports never come here:
 * they are named on a pool of their own that forces custom plans (search-statements.ts).
 * docs/performance/request-path.md has the generic plan of every statement prepared through this module.
 *
 * Names must be unique per statement text: node-postgres refuses a name reused with another text on a connection.
 */
/** Every name given out here: a second statement under one name fails when its module loads, not on a request. */
const taken = new Set<string>();

export function preparedOnce<T>(name: string, build: (db: Db, name: string) => T): (db: Db) => T {
  if (taken.has(name)) throw new Error(`prepared statement name used twice: ${name}`);
  taken.add(name);
  // Per handle: a prepared query is bound to the session of the db it was built on (tests open many databases).
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db, name);
      built.set(db, statement);
      // PGlite's driver ignores the name: its client runs the registered text as a named statement instead.
      const text = (statement as { getQuery?: () => { sql: string } }).getQuery?.().sql;
      if (text !== undefined) registerNamedStatement(name, text);
    }
    return statement;
  };
}
