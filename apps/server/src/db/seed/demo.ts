import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { sites } from '../schema/index.js';
import { insertApplications, insertMessages, insertServiceRecords } from './demo-business.js';
import { insertClients } from './demo-clients.js';
import { type DemoContext, statementMonths } from './demo-context.js';
import {
  insertClientDocuments,
  insertCommissionStatements,
  insertFactsheets,
  insertForms,
} from './demo-files.js';
import { insertInvestments } from './demo-investments.js';
import { hashDemoPasswords, insertOrganisation, insertStaffAndProducerUsers } from './demo-org.js';
import { insertPolicies } from './demo-policies.js';
import { insertRevenues } from './demo-revenues.js';
import { insertCatalog, insertCodeTables } from './reference.js';

export interface DemoDataOptions {
  /** Statement months are the full months before this date's month (tests pin it). Default: now. */
  now?: Date;
}

/** Any site row means the database already holds data (demo or real): then nothing is loaded. */
async function hasData(db: Db): Promise<boolean> {
  const rows = await db.select({ code: sites.code }).from(sites).limit(1);
  return rows.length > 0;
}

/**
 * Loads the deterministic demo data set into an empty database, in one transaction, and does nothing when data is
 * already there. Several server processes may start at once: an advisory lock lets one of them seed while the
 * others wait and then find the data present.
 */
export async function ensureDemoData(db: Db, options: DemoDataOptions = {}): Promise<{ seeded: boolean }> {
  if (await hasData(db)) return { seeded: false };
  // Hashing runs on libuv threads; start it before the transaction so it overlaps with the inserts.
  const hashing = hashDemoPasswords();
  const months = statementMonths(options.now ?? new Date());
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal:demo-seed'))`);
    if (await hasData(tx)) return { seeded: false };
    await insertCodeTables(tx);
    const catalog = await insertCatalog(tx);
    const org = await insertOrganisation(tx);
    const ctx: DemoContext = { tx, catalog, org, months, clients: [], pendingFiles: [] };
    const hashes = await hashing;
    await insertStaffAndProducerUsers(tx, org, hashes);
    await insertClients(ctx, hashes);
    await insertFactsheets(ctx);
    await insertPolicies(ctx);
    await insertInvestments(ctx);
    await insertApplications(ctx);
    await insertServiceRecords(ctx);
    await insertMessages(ctx);
    await insertClientDocuments(ctx);
    await insertForms(ctx);
    await insertCommissionStatements(ctx);
    await insertRevenues(ctx);
    return { seeded: true };
  });
}
