import type { CommissionDispute } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { commissionDisputes } from '../../db/schema/index.js';
import { translator } from '../../i18n/index.js';
import { accountsOf, type Notifier, notifyAccounts } from '../../notifications/index.js';

/**
 * Tells the producer whose line is disputed that its status changed (notice `commission_dispute_changed`): the
 * producer, through the account they used last, in its language, in their notification centre and by their chosen channels, linking
 * to the ledger. A notice that cannot be queued is logged and does not undo the change.
 */
export async function notifyDisputeChange(
  db: Db,
  notifier: Notifier,
  request: FastifyRequest,
  dispute: CommissionDispute,
  now: Date,
): Promise<void> {
  try {
    const [row] = await db
      .select({ producerId: commissionDisputes.producerId })
      .from(commissionDisputes)
      .where(eq(commissionDisputes.id, dispute.id));
    if (!row) return;
    await notifyAccounts(
      { db, notifier, log: request.log },
      await accountsOf(db, { producerId: row.producerId }),
      {
        type: 'commission_dispute_changed',
        link: '/b2b/commissions',
        params: (language) => ({
          policyNo: dispute.policyNo ?? '',
          status: translator(language)(`ledger.status.${dispute.status}`),
        }),
      },
      now,
    );
  } catch (err) {
    request.log.error({ err, disputeId: dispute.id }, 'commission dispute notice not queued');
  }
}
