import type { ACTIVITY_TYPES } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { QueueDefinition } from '../../../jobs/queue.js';
import { type AuthContext, type SecurityNoticeJob, settingsOfSite } from '../context.js';
import { findNoticeRecipient } from '../queries.js';
import { deviceName } from './device-name.js';
import { insertActivity } from './queries.js';

/** The account-activity types a person sees; each one is also sent as a notice of the same name. */
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** How long activity is shown. */
export const ACTIVITY_DAYS = 90;

/**
 * Records a security event on the account's activity and queues its notice. The request writes two rows (the
 * activity and one job) and goes on: the job, started once the answer is out, looks up where the person can be
 * reached and hands the notice to every channel (src/notifications/), so a sign-in is not slowed by it.
 */
export async function recordSecurityEvent(
  ctx: AuthContext,
  request: FastifyRequest,
  userId: number,
  type: ActivityType,
  details: Record<string, unknown> = {},
  options: { except?: string[]; notify?: boolean; byOffice?: boolean } = {},
) {
  const at = ctx.now();
  // A change made by the office names no browser or address: they would be the staff member's, not the person's.
  const device = options.byOffice ? null : deviceName(request.headers['user-agent']);
  const ip = options.byOffice ? null : request.clientIp;
  await insertActivity(ctx.db, { userId, type, at, ip, device, details });
  // `notify: false` spares the person an e-mail and SMS; the event still shows in their notification centre.
  const except = options.notify === false ? ['mail', 'sms'] : options.except;
  await ctx.securityNotice({
    userId,
    type,
    at: at.toISOString(),
    device,
    language: request.language,
    ...(except ? { except } : {}),
  });
}

/** Each area's Security page: where a security notice in the notification centre leads. */
const SECURITY_PAGES = {
  client: '/b2c/security',
  producer: '/b2b/security',
  staff: '/internal/security',
} as const;

/** The person in the notification centre: their audience and client, producer or staff id. */
function noticeAccount(recipient: {
  kind: 'client' | 'producer' | 'staff';
  clientId: number | null;
  producerId: number | null;
  staffId: number | null;
}) {
  const id =
    recipient.kind === 'client'
      ? recipient.clientId
      : recipient.kind === 'producer'
        ? recipient.producerId
        : recipient.staffId;
  return id == null ? undefined : { audience: recipient.kind, id };
}

/**
 * The `security.notice` queue. A notice names the time, the account and the browser, never a code or a link;
 * retried like mail when the database is gone for a moment.
 */
export function defineSecurityNoticeJobs(ctx: AuthContext) {
  const queue: QueueDefinition<SecurityNoticeJob> = {
    name: 'security.notice',
    retryLimit: 3,
    retryDelaySeconds: 2,
    expireInSeconds: 120,
    handle: async (job) => {
      const recipient = await findNoticeRecipient(ctx.db, job.userId);
      if (!recipient) return;
      const { siteName } = await settingsOfSite(ctx, recipient.siteCode);
      const account = noticeAccount(recipient);
      await ctx.notifier.notify(
        {
          type: job.type,
          recipient: {
            language: job.language,
            email: recipient.email,
            phone: recipient.phone,
            ...(account ? { account } : {}),
          },
          link: SECURITY_PAGES[recipient.kind],
          params: {
            siteName,
            login: recipient.login,
            at: job.at.slice(0, 16).replace('T', ' '),
            ...(job.device ? { device: job.device } : {}),
          },
        },
        { except: job.except },
      );
    },
  };
  ctx.jobs.define(queue);
  return (job: SecurityNoticeJob) => ctx.jobs.send(queue, job, { wake: 'after-response' });
}
