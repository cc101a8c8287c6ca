import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { siteCodeEnum } from './enums.js';

/*
 * Its own file so that the tables referring to a site (users, clients, producers, staff) import it without an
 * import cycle through identity.ts (Biome noImportCycles).
 */

/** A site variant. Per-site settings (OTP default, password policy, contact addresses) live in `settings`. */
export const sites = pgTable('sites', {
  code: siteCodeEnum('code').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  featureExternal: boolean('feature_external').notNull().default(true),
  featureInternal: boolean('feature_internal').notNull().default(false),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
});
