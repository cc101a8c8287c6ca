import { CLIENT_OWED_STATUSES, hongKongToday, type ReminderResponse } from '@portal/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { applicationReminders, applicationRequirements, auditLog } from '../../db/schema/index.js';
import type { ProducerCaller } from '../../db/team-scope.js';
import { accountsOf, notifyAccounts } from '../../notifications/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { CasesContext } from './context.js';
import { selectCaseFacts } from './office-review-queries.js';
import { findProducerCase } from './producer-access.js';
import { lockCaseApplication } from './queries.js';

/**
 * POST /b2b/applications/{id}/reminders: a producer of the application's team reminds its client of the items they
 * still owe. The client is told on their own channels (`requirements_reminder`, linking to My Applications). Refused
 * (409, in words) when the client owes nothing, has no portal account, or was reminded of this application today
 * (Hong Kong day): the check and the record are made with the application locked, so two clicks send one reminder.
 */
export async function remindClient(
  ctx: CasesContext,
  caller: ProducerCaller,
  applicationId: number,
  log: FastifyBaseLogger,
): Promise<ReminderResponse> {
  // No view audit: a refused reminder writes nothing; a sent one is audited as cases.reminder_sent.
  const app = await findProducerCase(ctx.db, caller, applicationId);
  const now = ctx.now();
  const { items, accounts } = await ctx.db.transaction(async (tx) => {
    await lockCaseApplication(tx, app.id, caller.siteCode);
    const [owed] = await tx
      .select({ n: count() })
      .from(applicationRequirements)
      .where(
        and(
          eq(applicationRequirements.applicationId, app.id),
          eq(applicationRequirements.provider, 'client'),
          inArray(applicationRequirements.status, [...CLIENT_OWED_STATUSES]),
        ),
      );
    const items = Number(owed?.n ?? 0);
    if (items === 0) throw new HttpError(409, 'cases.nothingOwed');
    const accounts = await accountsOf(tx, { clientId: app.clientId });
    if (accounts.length === 0) throw new HttpError(409, 'cases.clientWithoutAccount');
    const [last] = await tx
      .select({ sentAt: applicationReminders.sentAt })
      .from(applicationReminders)
      .where(eq(applicationReminders.applicationId, app.id))
      .orderBy(desc(applicationReminders.sentAt))
      .limit(1);
    if (last && hongKongToday(last.sentAt) === hongKongToday(now))
      throw new HttpError(409, 'cases.remindedToday');
    await tx
      .insert(applicationReminders)
      .values({ applicationId: app.id, sentByUserId: caller.userId, items, sentAt: now });
    await tx.insert(auditLog).values({
      siteCode: caller.siteCode,
      userId: caller.userId,
      action: 'cases.reminder_sent',
      at: now,
      details: { applicationId: app.id, items },
    });
    return { items, accounts };
  });
  const facts = await selectCaseFacts(ctx.db, app.id);
  await notifyAccounts(
    { db: ctx.db, notifier: ctx.notifier, log },
    accounts,
    {
      type: 'requirements_reminder',
      link: '/b2c/applications',
      params: () => ({ item: facts?.planNo ?? facts?.productName ?? `#${app.id}` }),
    },
    now,
  );
  return { sent: true, items };
}
