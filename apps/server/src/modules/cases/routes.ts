import {
  API_ROUTES,
  applicationIdParamsSchema,
  clientApplicationListSchema,
  clientRequirementDocumentParamsSchema,
  clientRequirementUploadResultSchema,
  DOCUMENT_UPLOAD_KINDS,
  idParamsSchema,
  producerHomeQuerySchema,
  producerHomeSchema,
  reminderResponseSchema,
  requirementDecisionSchema,
  requirementDocumentParamsSchema,
  requirementListSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  staffCaseSchema,
  stageChangeResultSchema,
  stageChangeSchema,
  stageRefusalSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProducerCaller } from '../../db/team-scope.js';
import { readUploads, registerUploads } from '../../files/index.js';
import { principalAs, requireClient, requireProducer } from '../../plugins/auth-guards.js';
import { requireStaffPermission } from '../../plugins/staff-permission.js';
import type { ModuleOptions } from '../module-options.js';
import { BirthdayCounts } from './birthday-counts.js';
import {
  admitClientRequirement,
  type ClientCaller,
  listClientApplications,
  recordClientDocuments,
} from './client-tracker.js';
import type { CasesContext } from './context.js';
import { decideRequirement } from './decide-requirement.js';
import { defineTeamCountFoldJob } from './fold-team-counts.js';
import { listRequirements } from './list-requirements.js';
import { tellPartiesOfStage } from './notify-stage.js';
import { listReviewQueue, loadStaffCase, sendRequirementDocument } from './office-review.js';
import { loadProducerHome } from './producer-home.js';
import { remindClient } from './remind-client.js';
import { changeStage, StageRefused } from './stage-rule.js';

const routes = API_ROUTES.cases;

const producerOf = (request: FastifyRequest): ProducerCaller => {
  const { userId, producerId, siteCode } = principalAs(request, 'producer');
  return { userId, producerId, siteCode };
};

const clientOf = (request: FastifyRequest): ClientCaller => {
  const { userId, clientId, siteCode } = principalAs(request, 'client');
  return { userId, clientId, siteCode };
};

const staffOf = (request: FastifyRequest) => {
  const { userId, siteCode } = principalAs(request, 'staff');
  return { userId, siteCode };
};

/**
 * Cases that move (docs/producer/cases.md): the producers' checklists and home, the client's tracker, and the staff
 * review of requirements and stage changes. Each group sits behind its guard, run before validation (onRequest), so a
 * caller without access learns nothing about accepted inputs.
 */
export const casesRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (
  app,
  { db, now, notifier, jobs, config },
) => {
  const ctx: CasesContext = {
    db,
    now: now ?? (() => new Date()),
    notifier,
    birthdayCounts: new BirthdayCounts(),
  };
  const tags = ['cases'];
  const scheduleFold = defineTeamCountFoldJob(db, jobs, ctx.now, app.log);
  // After the job queue has started (its onReady hook is the app's, registered before every module's).
  if (config.jobWorkers)
    app.addHook('onReady', async () => {
      await scheduleFold().catch((err) => app.log.warn({ err }, 'team count fold not scheduled'));
    });

  await app.register(async (plugin) => {
    const producer = plugin.withTypeProvider<ZodTypeProvider>();
    producer.addHook('onRequest', requireProducer);
    producer.get(
      routes.home.path,
      { schema: { tags, querystring: producerHomeQuerySchema, response: { 200: producerHomeSchema } } },
      (request) => loadProducerHome(ctx, producerOf(request), request.query),
    );
    producer.get(
      routes.requirements.path,
      { schema: { tags, params: applicationIdParamsSchema, response: { 200: requirementListSchema } } },
      (request) => listRequirements(ctx, producerOf(request), request.params.id),
    );
    producer.post(
      routes.remind.path,
      { schema: { tags, params: applicationIdParamsSchema, response: { 200: reminderResponseSchema } } },
      (request) => remindClient(ctx, producerOf(request), request.params.id, request.log),
    );
  });

  await app.register(async (plugin) => {
    const client = plugin.withTypeProvider<ZodTypeProvider>();
    client.addHook('onRequest', requireClient);
    // The multipart parser, in the client's scope only: the other routes of the module take JSON.
    await registerUploads(plugin);
    client.get(
      routes.clientApplications.path,
      { schema: { tags, response: { 200: clientApplicationListSchema } } },
      (request) => listClientApplications(ctx, clientOf(request)),
    );
    client.post(
      routes.clientUpload.path,
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: clientRequirementDocumentParamsSchema,
          response: { 200: clientRequirementUploadResultSchema },
        },
      },
      async (request) => {
        const caller = clientOf(request);
        const ids = { applicationId: request.params.id, requirementId: request.params.requirementId };
        // Whose item it is, before a byte of the files is read (docs/uploads.md).
        await admitClientRequirement(db, caller, ids.applicationId, ids.requirementId);
        const { files } = await readUploads(request, { accept: DOCUMENT_UPLOAD_KINDS, required: true });
        return recordClientDocuments(ctx, caller, ids, files, request.log);
      },
    );
  });

  await app.register(async (plugin) => {
    const staff = plugin.withTypeProvider<ZodTypeProvider>();
    staff.addHook('onRequest', requireStaffPermission(db, 'caseRequirements'));
    staff.get(
      routes.reviewQueue.path,
      { schema: { tags, querystring: reviewQueueQuerySchema, response: { 200: reviewQueueSchema } } },
      (request) => listReviewQueue(db, staffOf(request), request.query),
    );
    staff.get(
      routes.staffCase.path,
      { schema: { tags, params: applicationIdParamsSchema, response: { 200: staffCaseSchema } } },
      (request) => loadStaffCase(db, staffOf(request), request.params.id),
    );
    staff.get(
      routes.document.path,
      { schema: { tags, params: requirementDocumentParamsSchema } },
      (request, reply) =>
        sendRequirementDocument(
          reply,
          db,
          staffOf(request),
          { requirementId: request.params.id, documentId: request.params.documentId },
          ctx.now(),
        ),
    );
    staff.patch(
      routes.decide.path,
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: requirementDecisionSchema,
          response: {
            200: z.object({ id: z.number().int(), status: z.string(), reason: z.string().nullable() }),
          },
        },
      },
      (request) => decideRequirement(db, staffOf(request), request.params.id, request.body, ctx.now()),
    );
    staff.post(
      routes.changeStage.path,
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: stageChangeSchema,
          response: { 200: stageChangeResultSchema, 409: stageRefusalSchema },
        },
      },
      async (request, reply) => {
        try {
          const changed = await changeStage(
            db,
            staffOf(request),
            request.params.id,
            request.body.stage,
            ctx.now(),
          );
          await tellPartiesOfStage(ctx, request.log, changed);
          return {
            id: changed.id,
            stage: changed.stage,
            stageEnteredOn: changed.stageEnteredOn,
            coolingOffEndsOn: changed.coolingOffEndsOn,
          };
        } catch (error) {
          if (!(error instanceof StageRefused)) throw error;
          return reply.code(409).send({
            error: request.t('cases.mandatoryOpen'),
            openRequirements: error.openRequirements,
          });
        }
      },
    );
  });
};
