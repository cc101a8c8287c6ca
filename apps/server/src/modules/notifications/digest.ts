import { type Language, parseLanguage } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { clients, producers, sites, users } from '../../db/schema/index.js';
import { translator } from '../../i18n/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { dailyAtHourUtc, defineRecurringJob } from '../../jobs/recurring-job.js';
import type { MailQueue } from '../../mail/mail-queue.js';
import { type NoticeParams, type NoticeType, noticeMinute, wordNotice } from '../../notifications/index.js';
import { markDigested, type Recipient, selectDigestRecipients, selectDigestRows } from './queries.js';

/** People per run and lines per e-mail: a run is bounded; what is left waits for the next run. */
const RECIPIENTS_PER_RUN = 500;
const LINES_PER_DIGEST = 50;
/** The digest goes out once a day at this hour (UTC). */
export const DIGEST_HOUR_UTC = 7;

/** Where a person gets their digest: the e-mail and language of their account (one per site; the first). */
async function digestAddress(db: Db, recipient: Recipient) {
  const link =
    recipient.audience === 'client'
      ? eq(users.clientId, recipient.id)
      : recipient.audience === 'producer'
        ? eq(users.producerId, recipient.id)
        : eq(users.staffId, recipient.id);
  const [row] = await db
    .select({
      email: sql<string | null>`coalesce(${users.email}, ${clients.emails}[1], ${producers.opEmails}[1])`,
      language: users.preferredLanguage,
      siteName: sites.name,
    })
    .from(users)
    .leftJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(producers, eq(producers.id, users.producerId))
    .innerJoin(sites, eq(sites.code, users.siteCode))
    .where(and(eq(users.kind, recipient.audience), link, eq(users.status, 'active')))
    .orderBy(users.id)
    .limit(1);
  return row;
}

/** The digest e-mail's words: one line per notification, in the person's language. */
export function digestParagraphs(
  language: Language,
  rows: { type: string; params: Record<string, string>; createdAt: Date }[],
): string[] {
  const t = translator(language);
  const lines = rows.map((row) => {
    const params = { siteName: '', login: '', at: '', ...row.params } as NoticeParams;
    const worded = wordNotice(row.type as NoticeType, language, params);
    return `${noticeMinute(row.createdAt)} UTC: ${worded.title}`;
  });
  return [t('notifications.digestIntro'), ...lines, t('notifications.digestOutro')];
}

/**
 * One digest run (decision 051): everyone with notifications set to the digest gets one e-mail listing them, through
 * the mail queue (its retries and the delivery log as every e-mail); the rows are then marked as digested. A person
 * without an e-mail address has their rows marked skipped. Answers the e-mails queued.
 */
export async function sendDigests(db: Db, mail: MailQueue, now: Date): Promise<number> {
  let sent = 0;
  for (const recipient of await selectDigestRecipients(db, now, RECIPIENTS_PER_RUN)) {
    const who = { audience: recipient.audience, id: recipient.recipientId };
    const rows = await selectDigestRows(db, who, now, LINES_PER_DIGEST);
    const address = await digestAddress(db, who);
    const ids = rows.map((row) => row.id);
    if (!address?.email) {
      await markDigested(db, ids, now, 'skipped');
      continue;
    }
    const language = parseLanguage(address.language) ?? 'en';
    const siteName = address.siteName;
    await mail.enqueue('notice', language, address.email, {
      siteName,
      subject: `${siteName}: ${translator(language)('notifications.digestSubject')}`,
      paragraphs: digestParagraphs(language, rows),
    });
    await markDigested(db, ids, now, 'sent');
    sent++;
  }
  return sent;
}

/** The `notifications.digest` job: once a day at DIGEST_HOUR_UTC (jobs/recurring-job.ts); answers its scheduler. */
export function defineDigestJob(
  db: Db,
  jobs: JobQueue,
  mail: MailQueue,
  now: () => Date,
  log: FastifyBaseLogger,
) {
  return defineRecurringJob(
    jobs,
    {
      name: 'notifications.digest',
      nextAt: dailyAtHourUtc(DIGEST_HOUR_UTC),
      run: async () => {
        const count = await sendDigests(db, mail, now());
        log.info({ digests: count }, 'daily notification digests queued');
      },
    },
    now,
  );
}
