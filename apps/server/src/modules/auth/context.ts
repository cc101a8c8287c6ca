import type { Language, SiteCode } from '@portal/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MailKind, MailVars } from '../../mail/index.js';
import type { MailQueue } from '../../mail/mail-queue.js';
import type { NoticeType, Notifier } from '../../notifications/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { RateLimiter, RateLimitRule, RateLimitState } from '../../plugins/rate-limit/index.js';
import { findSiteRow, insertAuditEntry } from './queries.js';
import { type SiteAuthSettings, siteAuthSettings } from './site-settings.js';

/** What every use case of the feature works with. Built once per app in routes.ts. */
export interface AuthContext {
  db: Db;
  config: Config;
  now: () => Date;
  mail: MailQueue;
  /** Security notices by e-mail and SMS, sent by the `security.notice` job (security/activity.ts). */
  notifier: Notifier;
  /** Queues one security notice (security/activity.ts), started once the answer is out. */
  securityNotice: (job: SecurityNoticeJob) => Promise<void>;
  jobs: JobQueue;
  /** Queues the one job of an anonymous account-flow request (account-mail-jobs.ts). */
  accountMail: (job: AccountMailRequest) => Promise<void>;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

/** Who asked, as a job remembers it once the request is gone: the site, the language and the caller's address. */
export interface RequestOrigin {
  site: SiteCode;
  language: Language;
  ip: string | null;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { site: request.site.code, language: request.language, ip: request.clientIp };
}

export function settingsOf(ctx: AuthContext, request: FastifyRequest): Promise<SiteAuthSettings> {
  return settingsOfSite(ctx, request.site.code);
}

export function settingsOfSite(ctx: AuthContext, site: SiteCode): Promise<SiteAuthSettings> {
  return findSiteRow(ctx.db, site).then((row) => siteAuthSettings(site, row));
}

export interface AuditEntry {
  action: string;
  outcome: string;
  userId?: number | null;
  /** Never passwords, codes or tokens: only what helps reconstruct who tried what. */
  details?: Record<string, unknown>;
}

/** Writes one audit row with the site and the caller's address; pass a transaction to tie it to the change. */
export async function audit(ctx: AuthContext, request: FastifyRequest, entry: AuditEntry, db: Db = ctx.db) {
  await auditFor(ctx, originOf(request), entry, db);
}

/** The same, for a job working on behalf of a request that has already been answered. */
export async function auditFor(ctx: AuthContext, origin: RequestOrigin, entry: AuditEntry, db: Db = ctx.db) {
  await insertAuditEntry(db, {
    at: ctx.now(),
    siteCode: origin.site,
    userId: entry.userId ?? null,
    action: entry.action,
    outcome: entry.outcome,
    ip: origin.ip,
    details: entry.details ?? {},
  });
}

function tooMany(retryAfterSeconds: number, key: 'auth.tooManyAttempts' | 'auth.accountLocked') {
  return new HttpError(
    429,
    key,
    { 'retry-after': String(retryAfterSeconds) },
    {
      minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    },
  );
}

/** Counts one request against each rule; the first rule exceeded answers 429 with Retry-After (and is audited). */
export async function enforceLimits(
  ctx: AuthContext,
  request: FastifyRequest,
  checks: [RateLimitRule, string][],
  auditAs: Omit<AuditEntry, 'outcome'>,
) {
  for (const [rule, subject] of checks) {
    const state = await ctx.limiter.hit(rule, subject);
    if (state.exceeded) {
      await audit(ctx, request, { ...auditAs, outcome: 'rate_limited', details: { rule: rule.name } });
      throw tooMany(state.retryAfterSeconds, 'auth.tooManyAttempts');
    }
  }
}

/**
 * For limits that count failures only (sign-in): counts the attempt against each rule *before* it is tried, so a
 * burst of simultaneous requests cannot all pass a check made before any of them has failed. The first rule exceeded
 * answers 429 (audited), giving back what this request counted. Otherwise answers `refund`, which the caller calls
 * when the attempt turns out not to be a failure (it succeeded, or was refused without being tried).
 */
export async function countAttempt(
  ctx: AuthContext,
  request: FastifyRequest,
  checks: [RateLimitRule, string][],
  auditAs: Omit<AuditEntry, 'outcome'>,
): Promise<{ refund(): Promise<void> }> {
  const counted: [RateLimitRule, string, RateLimitState][] = [];
  const refund = async () => {
    for (const [rule, subject, hit] of counted.splice(0)) await ctx.limiter.refund(rule, subject, hit);
  };
  for (const [rule, subject] of checks) {
    const state = await ctx.limiter.hit(rule, subject);
    counted.push([rule, subject, state]);
    if (state.exceeded) {
      await refund();
      await audit(ctx, request, { ...auditAs, outcome: 'rate_limited', details: { rule: rule.name } });
      throw tooMany(state.retryAfterSeconds, 'auth.tooManyAttempts');
    }
  }
  return { refund };
}

export function accountLocked(retryAfterSeconds: number) {
  return tooMany(retryAfterSeconds, 'auth.accountLocked');
}

/**
 * Queues one e-mail in the request's language (rendered now, sent by a worker, retried when SMTP fails): the request
 * never waits for SMTP, and a failed send is not lost (decision 017).
 */
export async function queueMail<K extends MailKind>(
  ctx: AuthContext,
  request: FastifyRequest,
  kind: K,
  to: string,
  vars: MailVars[K],
) {
  await ctx.mail.enqueue(kind, request.language, to, vars);
}

/** One security notice, as the `security.notice` job carries it (security/activity.ts): who and what, no address. */
export interface SecurityNoticeJob {
  userId: number;
  type: NoticeType;
  /** ISO time of the event. */
  at: string;
  device: string | null;
  language: Language;
  /** Channels that already carry this event's notice (the password-changed e-mail). */
  except?: string[];
}

/** What an anonymous account-flow request asked for, exactly as typed: the job does the lookup and the rest. */
export type AccountMailRequest = RequestOrigin &
  (
    | { flow: 'reset'; type: 'B2C'; idNo: string; birthDate: string }
    | { flow: 'reset'; type: 'B2B'; loginId: string }
    | { flow: 'registration'; idNo: string; surName: string; givenName: string; birthDate: string }
  );
