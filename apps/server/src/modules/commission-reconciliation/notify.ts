import { type CommissionDispute, LANGUAGES, type Language } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { translator } from '../../i18n/index.js';
import type { Notifier } from '../../notifications/index.js';

interface RecipientRow {
  login: string;
  language: string;
  email: string | null;
  site_name: string;
}

/**
 * Tells the producer whose line is disputed that its status changed (notice `commission_dispute_changed`, by the
 * channels the Notifier has: e-mail through the mail queue), in the producer's own language. Every account of the
 * producer is told. A notice that cannot be queued is logged and does not undo the change.
 */
export async function notifyDisputeChange(
  db: Db,
  notifier: Notifier,
  request: FastifyRequest,
  dispute: CommissionDispute,
  now: Date,
): Promise<void> {
  try {
    const result = (await db.execute(sql`
      select u.login, u.preferred_language as language,
        coalesce(u.email, p.op_emails[1]) as email, s.name as site_name
      from commission_disputes d
      join users u on u.producer_id = d.producer_id
      join producers p on p.id = d.producer_id
      join sites s on s.code = u.site_code
      where d.id = ${dispute.id}`)) as unknown as { rows: RecipientRow[] };
    for (const row of result.rows) {
      const language: Language = (LANGUAGES as readonly string[]).includes(row.language)
        ? (row.language as Language)
        : 'en';
      await notifier.notify({
        type: 'commission_dispute_changed',
        recipient: { language, email: row.email },
        params: {
          siteName: row.site_name,
          login: row.login,
          at: now.toISOString().slice(0, 16).replace('T', ' '),
          policyNo: dispute.policyNo ?? '',
          status: translator(language)(`ledger.status.${dispute.status}`),
        },
      });
    }
  } catch (err) {
    request.log.error({ err, disputeId: dispute.id }, 'commission dispute notice not queued');
  }
}
