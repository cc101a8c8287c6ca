import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { reportExportJobs, users } from '../../../db/schema/index.js';
import { producerIdOf } from '../../../testing/producer-fixtures.js';
import { openTestDatabase } from '../../../testing/test-app.js';
import {
  deleteExportFile,
  EXPORT_PART_BYTES,
  exportFileParts,
  jobsWithFilesBefore,
  openExportFile,
  storeExportFile,
} from './export-file.js';
import { claimJob, failInterruptedJobs, isStale, releaseJobs, STALE_HEARTBEAT_MS } from './job-store.js';

/* Background exports shared by several processes (decision 026): files in stored_files, jobs claimed once. */

let database: Database;
let drop: () => Promise<void>;
let userId: number;
let producerId: number;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.login, 'partner1'));
  userId = user?.id as number;
  producerId = await producerIdOf(database.db, 'A1001');
});
afterAll(async () => {
  await database.close();
  await drop();
});

async function insertJob(state: 'queued' | 'running', heartbeatAt: Date, createdAt = new Date()) {
  const [row] = await database.db
    .insert(reportExportJobs)
    .values({
      userId,
      producerId,
      siteCode: 'afs',
      reportType: 1,
      criteria: { criteria: {}, scope: {} },
      language: 'en',
      state,
      fileName: 'x.xlsx',
      heartbeatAt,
      createdAt,
    })
    .returning();
  return row?.id as string;
}

async function stateOf(id: string) {
  const [row] = await database.db.select().from(reportExportJobs).where(eq(reportExportJobs.id, id));
  return row?.state;
}

/** Bytes arriving in uneven chunks, as a render thread sends them. */
function chunked(bytes: Buffer, sizes: number[]): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] as number;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return Readable.from(chunks);
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('export files in the database', () => {
  it('stores a file larger than a part in parts, streams it back byte for byte, then deletes it', async () => {
    const id = await insertJob('running', new Date());
    const bytes = randomBytes(2 * EXPORT_PART_BYTES + 12_345);
    await storeExportFile(database.db, id, chunked(bytes, [65_536, 7, 300_001]));
    const parts = await exportFileParts(database.db, id);
    expect(parts.map((p) => p.size)).toEqual([EXPORT_PART_BYTES, EXPORT_PART_BYTES, 12_345]);
    const file = await openExportFile(database.db, id);
    expect(file?.size).toBe(bytes.length);
    expect((await readAll(file?.body as Readable)).equals(bytes)).toBe(true);

    expect(await deleteExportFile(database.db, id)).toBe(3);
    expect(await openExportFile(database.db, id)).toBeUndefined();
    expect(await deleteExportFile(database.db, id)).toBe(0);
  });

  it('ends a download with an error, not a shorter file, when a part goes while it is sent', async () => {
    const id = await insertJob('running', new Date());
    await storeExportFile(database.db, id, Readable.from([randomBytes(EXPORT_PART_BYTES + 10)]));
    const file = await openExportFile(database.db, id);
    await deleteExportFile(database.db, id);
    await expect(readAll(file?.body as Readable)).rejects.toThrow(/disappeared/);
  });

  it('finds the stored files of jobs older than the retention only', async () => {
    const old = await insertJob('running', new Date(), new Date(Date.now() - 25 * 3600_000));
    const recent = await insertJob('running', new Date());
    for (const id of [old, recent])
      await storeExportFile(database.db, id, Readable.from([Buffer.from('PK')]));
    const found = await jobsWithFilesBefore(database.db, new Date(Date.now() - 24 * 3600_000));
    expect(found).toContain(old);
    expect(found).not.toContain(recent);
    for (const id of [old, recent]) await deleteExportFile(database.db, id);
  });
});

describe('claiming jobs', () => {
  const any = { runningPerUser: 100 };

  it("takes this process's own jobs and orphans, oldest first, never another live process's queued job", async () => {
    await database.db.delete(reportExportJobs);
    const now = new Date();
    const othersFresh = await insertJob('queued', now);
    const orphan = await insertJob('queued', new Date(now.getTime() - STALE_HEARTBEAT_MS - 1000));
    const own = await insertJob('queued', now);

    expect((await claimJob(database.db, now, { local: [own], ...any }))?.id).toBe(orphan);
    // Taken already: the same claim finds the next, and nobody takes a job twice.
    expect((await claimJob(database.db, now, { local: [own], ...any }))?.id).toBe(own);
    expect(await claimJob(database.db, now, { local: [own], ...any })).toBeUndefined();
    expect(await stateOf(othersFresh)).toBe('queued');

    // A process that stops hands its queued job back: the next one to look takes it at once.
    await releaseJobs(database.db, [othersFresh]);
    expect((await claimJob(database.db, now, { local: [], ...any }))?.id).toBe(othersFresh);
  });

  it('never gives one job to two processes claiming at the same time', async () => {
    const now = new Date();
    const stale = new Date(now.getTime() - STALE_HEARTBEAT_MS - 1000);
    const ids = [await insertJob('queued', stale), await insertJob('queued', stale)];
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => claimJob(database.db, now, { local: [], ...any })),
    );
    const taken = claims.flatMap((job) => (job ? [job.id] : []));
    expect(taken.sort()).toEqual([...ids].sort());
  });

  it("takes the oldest job of whoever runs fewest, and none of a person's beyond their share", async () => {
    await database.db.delete(reportExportJobs);
    const [other] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(ne(users.id, userId))
      .limit(1);
    const now = new Date();
    const at = (s: number) => new Date(now.getTime() - 60_000 + s * 1000);
    // One person runs an export and queued three more a minute ago; another queued one just now.
    await insertJob('running', now, at(0));
    const theirs = [await insertJob('queued', now, at(1)), await insertJob('queued', now, at(2))];
    const [othersJob] = await database.db
      .insert(reportExportJobs)
      .values({
        userId: other?.id as number,
        producerId,
        siteCode: 'afs',
        reportType: 1,
        criteria: { criteria: {}, scope: {} },
        language: 'en',
        fileName: 'y.xlsx',
        heartbeatAt: now,
        createdAt: now,
      })
      .returning();
    const local = [...theirs, othersJob?.id as string];
    // Without the fair claim, the first person's older jobs went first and the other waited for all of them.
    expect((await claimJob(database.db, now, { local, runningPerUser: 1 }))?.id).toBe(othersJob?.id);
    // Both now run one, each their share: nothing more is taken until one ends.
    expect(await claimJob(database.db, now, { local, runningPerUser: 1 })).toBeUndefined();
    expect((await claimJob(database.db, now, { local, runningPerUser: 2 }))?.id).toBe(theirs[0]);
  });

  it('fails running jobs with a stale heartbeat, not queued ones, on a shared database', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - STALE_HEARTBEAT_MS - 1000);
    const running = await insertJob('running', old);
    const waiting = await insertJob('queued', old);
    const failed = await failInterruptedJobs(database.db, now);
    expect(failed).toContain(running);
    expect(failed).not.toContain(waiting);
    expect(await stateOf(waiting)).toBe('queued');
    const [row] = await database.db.select().from(reportExportJobs).where(eq(reportExportJobs.id, waiting));
    expect(isStale(row as typeof reportExportJobs.$inferSelect, now)).toBe(false);
    await database.db.delete(reportExportJobs).where(eq(reportExportJobs.id, waiting));
  });
});
