import type { FastifyBaseLogger } from 'fastify';
import { type MessageKey, translator } from '../../i18n/index.js';
import { accountsOf, notifyAccounts } from '../../notifications/index.js';
import type { CasesContext } from './context.js';
import type { CaseApplication } from './queries.js';

/**
 * Tells the application's producer and its client (each through the account they used last) that it moved stage
 * (`application_stage_changed`), naming the plan or application and the new stage in each account's language: the
 * producer's link opens the case in New Business, the client's their tracker. Called after the change is committed: a
 * notice that cannot be queued is logged and the change stays.
 */
export async function tellPartiesOfStage(
  ctx: CasesContext,
  log: FastifyBaseLogger,
  changed: CaseApplication,
): Promise<void> {
  try {
    await notifyAccounts(
      { db: ctx.db, notifier: ctx.notifier, log },
      [
        ...(await accountsOf(ctx.db, { producerId: changed.producerId })),
        ...(await accountsOf(ctx.db, { clientId: changed.clientId })),
      ],
      {
        type: 'application_stage_changed',
        link: (audience) => (audience === 'client' ? '/b2c/applications' : `/b2b?case=${changed.id}`),
        params: (language) => ({
          item: `${changed.policyNo ?? `#${changed.id}`}: ${translator(language)(`details.stage${changed.stage}` as MessageKey)}`,
        }),
      },
      ctx.now(),
    );
  } catch (err) {
    log.error({ err, applicationId: changed.id }, 'stage notice not queued');
  }
}

/**
 * Tells the application's producer that the client sent documents for one of its items (`requirement_received`),
 * linking to the case in New Business. Called after the upload is committed; a notice that cannot be queued is logged
 * and the upload stays.
 */
export async function tellProducerOfDocument(
  ctx: CasesContext,
  log: FastifyBaseLogger,
  app: CaseApplication,
  requirementId: number,
): Promise<void> {
  try {
    await notifyAccounts(
      { db: ctx.db, notifier: ctx.notifier, log },
      await accountsOf(ctx.db, { producerId: app.producerId }),
      {
        type: 'requirement_received',
        link: `/b2b?case=${app.id}`,
        params: () => ({ item: app.policyNo ?? `#${app.id}` }),
      },
      ctx.now(),
    );
  } catch (err) {
    log.error({ err, applicationId: app.id, requirementId }, 'document notice not queued');
  }
}
