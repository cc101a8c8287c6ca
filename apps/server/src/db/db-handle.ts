import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

/** One handle type for both drivers (PGlite and node-postgres), so every query is written once. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
