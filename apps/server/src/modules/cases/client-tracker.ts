import {
  CLIENT_OWED_STATUSES,
  type ClientApplicationList,
  type ClientRequirementUploadResult,
  hongKongToday,
  type SiteCode,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { applicationRequirements, auditLog } from '../../db/schema/index.js';
import { type ReceivedFile, storeUpload } from '../../files/index.js';
import { HttpError } from '../../plugins/errors.js';
import {
  selectClientItems,
  selectStageTimelines,
  selectTrackedApplications,
} from './client-tracker-queries.js';
import type { CasesContext } from './context.js';
import { tellProducerOfDocument } from './notify-stage.js';
import { insertHistory, lockCaseApplication, lockRequirement, selectCaseApplication } from './queries.js';
import { countDocuments, linkDocuments } from './requirement-documents.js';

/** The signed-in client as the guards admitted them. */
export interface ClientCaller {
  userId: number;
  clientId: number;
  siteCode: SiteCode;
}

const owed = (status: string) => (CLIENT_OWED_STATUSES as readonly string[]).includes(status);
/** A client may send (more) documents while the office has not started its review. */
const acceptsDocuments = (status: string) => owed(status) || status === 'received';

/**
 * GET /b2c/applications: the client's own applications as timelines, with the items they provide and what they still
 * owe. Three bounded queries whatever the number of applications (at most CLIENT_TRACKER_LIMIT).
 */
export async function listClientApplications(
  ctx: CasesContext,
  client: ClientCaller,
): Promise<ClientApplicationList> {
  const apps = await selectTrackedApplications(ctx.db, client, hongKongToday(ctx.now()));
  const ids = apps.map((a) => a.id);
  const [timelines, items] = await Promise.all([
    selectStageTimelines(ctx.db, ids),
    selectClientItems(ctx.db, ids),
  ]);
  return {
    data: apps.map((app) => {
      const timeline = timelines
        .filter((t) => t.applicationId === app.id)
        .map(({ stage, at }) => ({ stage, at }));
      // An application loaded without history still shows where it is: its stage, from the day it entered it.
      if (timeline.at(-1)?.stage !== app.stage) timeline.push({ stage: app.stage, at: app.stageEnteredOn });
      const clientItems = items
        .filter((i) => i.applicationId === app.id)
        .map((i) => ({
          requirementId: i.id,
          type: i.type,
          status: i.status,
          dueDate: i.dueDate,
          reason: i.reason,
          documentCount: i.documentCount,
        }));
      return {
        id: app.id,
        planNo: app.planNo,
        productName: app.productName,
        category: app.category,
        receivedOn: app.receivedOn,
        stage: app.stage,
        timeline,
        outstanding: clientItems
          .filter((i) => owed(i.status))
          .map(({ documentCount: _count, ...item }) => item),
        clientItems,
        coolingOffEndsOn: app.coolingOffEndsOn,
      };
    }),
  };
}

/**
 * The item a client is about to send documents for: on one of their own applications of their site, provided by the
 * client, and not yet with the office. Checked before the request's files are read, so nobody can make the server
 * read 10 MB for an item that is not theirs. Another client's item, an office or insurer item, or an unknown id: the
 * same 404.
 */
export async function admitClientRequirement(
  db: Db,
  client: ClientCaller,
  applicationId: number,
  requirementId: number,
): Promise<void> {
  const app = await selectCaseApplication(db, applicationId, client.siteCode);
  if (!app || app.clientId !== client.clientId) throw new HttpError(404, 'errors.notFound');
  const [item] = await db
    .select({ status: applicationRequirements.status, provider: applicationRequirements.provider })
    .from(applicationRequirements)
    .where(
      and(
        eq(applicationRequirements.id, requirementId),
        eq(applicationRequirements.applicationId, applicationId),
      ),
    )
    .limit(1);
  if (item?.provider !== 'client') throw new HttpError(404, 'errors.notFound');
  if (!acceptsDocuments(item.status)) throw new HttpError(409, 'cases.notOwedByClient');
}

/**
 * POST /b2c/applications/{id}/requirements/{requirementId}/documents, once admitted and its files read: stores the
 * files and links them to the item, which becomes "received" (its rejection reason cleared), dated in the stage
 * history and audited, all in one transaction; then tells the producer. The item is checked again under its lock: a
 * decision the office made meanwhile wins.
 */
export async function recordClientDocuments(
  ctx: CasesContext,
  client: ClientCaller,
  ids: { applicationId: number; requirementId: number },
  files: ReceivedFile[],
  log: FastifyBaseLogger,
): Promise<ClientRequirementUploadResult> {
  const now = ctx.now();
  const { app, result } = await ctx.db.transaction(async (tx) => {
    const item = await lockRequirement(tx, ids.requirementId, client.siteCode);
    const app = await lockCaseApplication(tx, ids.applicationId, client.siteCode);
    if (!item || !app || item.applicationId !== app.id || app.clientId !== client.clientId) {
      throw new HttpError(404, 'errors.notFound');
    }
    if (item.provider !== 'client') throw new HttpError(404, 'errors.notFound');
    if (!acceptsDocuments(item.status)) throw new HttpError(409, 'cases.notOwedByClient');
    const uploads = [];
    for (const file of files) uploads.push(await storeUpload(tx, file, client.userId));
    await linkDocuments(
      tx,
      item.id,
      uploads.map((u) => u.id),
    );
    await tx
      .update(applicationRequirements)
      .set({ status: 'received', reason: null, statusChangedAt: now, updatedAt: now })
      .where(eq(applicationRequirements.id, item.id));
    await insertHistory(tx, {
      applicationId: app.id,
      stage: app.stage,
      at: now,
      requirementId: item.id,
      requirementStatus: 'received',
    });
    await tx.insert(auditLog).values({
      siteCode: client.siteCode,
      userId: client.userId,
      action: 'cases.documents_sent',
      at: now,
      details: {
        requirementId: item.id,
        applicationId: app.id,
        type: item.type,
        from: item.status,
        uploads: uploads.map((u) => ({ id: u.id, kind: u.kind, size: u.size, sha256: u.sha256 })),
      },
    });
    const documentCount = (await countDocuments(tx, [item.id])).get(item.id) ?? 0;
    return { app, result: { requirementId: item.id, status: 'received' as const, documentCount } };
  });
  await tellProducerOfDocument(ctx, log, app, result.requirementId);
  return result;
}
