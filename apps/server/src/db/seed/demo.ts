import { sql } from 'drizzle-orm';
import { type MfaKeys, mfaKeysFromEnv } from '../../config.js';
import type { Db } from '../client.js';
import { sites } from '../schema/index.js';
import { insertApplications, insertServiceRecords } from './demo-business.js';
import { insertClients } from './demo-clients.js';
import { insertCommissionRevenues } from './demo-commissions.js';
import { type DemoContext, statementMonths } from './demo-context.js';
import { insertClientDocuments, insertFactsheets, insertForms } from './demo-files.js';
import { insertInvestments } from './demo-investments.js';
import { insertCommissionLedger } from './demo-ledger.js';
import { insertMessages } from './demo-messages.js';
import { hashDemoPasswords, insertOrganisation, insertStaffAndProducerUsers } from './demo-org.js';
import { insertDemoPerformance } from './demo-performance.js';
import { insertPolicies } from './demo-policies.js';
import { insertReportBusiness } from './demo-report-business.js';
import { insertRequirementDocuments } from './demo-requirement-documents.js';
import { backfillStageDates, ensureDemoCases, insertRequirements } from './demo-requirements.js';
import { insertRevenues } from './demo-revenues.js';
import { insertCatalog, insertCodeTables } from './reference.js';
import { backfillReportFacts, switchDemoPlansToCards } from './report-facts.js';

export interface DemoDataOptions {
  /** Statement months are the full months before this date's month (tests pin it). Default: now. */
  now?: Date;
  /** Keys that seal the demo authenticators; default: MFA_ENCRYPTION_KEY of the environment (or the development key). */
  mfa?: MfaKeys;
}

/** Logs how long each seeding step took when SEED_TIMINGS is set (tuning the start-up time). */
function stepTimer() {
  const verbose = !!process.env.SEED_TIMINGS;
  return async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step();
    if (verbose) console.log(`seed: ${name} ${Math.round(performance.now() - started)} ms`);
    return result;
  };
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
  const now = options.now ?? new Date();
  const months = statementMonths(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal:demo-seed'))`);
    if (await hasData(tx)) return { seeded: false };
    const timed = stepTimer();
    await timed('code tables', () => insertCodeTables(tx));
    const catalog = await timed('catalog', () => insertCatalog(tx));
    const org = await timed('organisation', () => insertOrganisation(tx));
    const ctx: DemoContext = { tx, catalog, org, months, clients: [], pendingFiles: [] };
    const hashes = await timed('password hashes', () => hashing);
    await timed('producer and staff users', () =>
      insertStaffAndProducerUsers(tx, org, hashes, options.mfa ?? mfaKeysFromEnv()),
    );
    await timed('clients', () => insertClients(ctx, hashes));
    await timed('factsheets', () => insertFactsheets(ctx));
    await timed('policies', () => insertPolicies(ctx));
    await timed('investments and statements', () => insertInvestments(ctx));
    await timed('performance history', () => insertDemoPerformance(ctx));
    await timed('applications', () => insertApplications(ctx));
    await timed('new clients and transfers-in', () => insertReportBusiness(ctx));
    await timed('requirements', async () => {
      await backfillStageDates(tx);
      await insertRequirements(tx, now);
      await ensureDemoCases(tx, now);
    });
    await timed('requirement documents', () => insertRequirementDocuments(ctx));
    await timed('service records', () => insertServiceRecords(ctx));
    await timed('messages', () => insertMessages(ctx));
    await timed('client documents', () => insertClientDocuments(ctx));
    await timed('forms', () => insertForms(ctx));
    await timed('revenues', () => insertRevenues(ctx));
    await timed('commission revenues and statements', () => insertCommissionRevenues(ctx));
    await timed('commission ledger', () => insertCommissionLedger(ctx));
    await timed('report facts', async () => {
      await switchDemoPlansToCards(tx, now);
      await backfillReportFacts(tx, { now });
    });
    // The demo's statements are its history, not news: nobody is told of them (migration 0050's outbox).
    await tx.execute(sql`delete from statement_notice_outbox`);
    return { seeded: true };
  });
}
