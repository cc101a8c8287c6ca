import { type AccountType, siteCapabilities } from '@portal/contract';
import type { QueueDefinition } from '../../jobs/queue.js';
import { type Sealed, seal, unseal } from '../../jobs/sealed.js';
import { LIMITS } from './abuse-limits.js';
import {
  ACTIVATION_TOKEN_TTL_MS,
  activationLink,
  newAccountToken,
  publicOrigin,
  RESET_TOKEN_TTL_MS,
  resetLink,
} from './account-links.js';
import { normalizeName } from './birth-date.js';
import { type AccountMailRequest, type AuthContext, auditFor, settingsOfSite } from './context.js';

export type { AccountMailRequest };

import {
  type Account,
  clientUserForUpdate,
  findClientAccountByIdentity,
  findProducerAccount,
  findRegistrationMatch,
  hasLiveTokenSince,
  insertPendingClientUser,
  lockUser,
  replaceAccountToken,
} from './queries.js';

/**
 * Counts one account e-mail against the person's hourly allowance, whichever identifier reached the account.
 * Past it the job sends nothing (audited): the answer went out long ago, so the limit cannot tell anyone anything.
 */
async function allowedMail(ctx: AuthContext, job: AccountMailRequest, userId: number, action: string) {
  const state = await ctx.limiter.hit(LIMITS.accountMailPerPerson, String(userId));
  if (!state.exceeded) return true;
  const details = { rule: LIMITS.accountMailPerPerson.name };
  await auditFor(ctx, job, { action, outcome: 'rate_limited', userId, details });
  return false;
}

const resetAction = 'password.reset_request';

/**
 * A registration or reset request for an account whose link of that kind was issued less than this long ago is a
 * repeat (double click, retried POST): it is audited as `repeat` and sends nothing, so the first e-mail's link keeps
 * working and one request makes one e-mail (docs/security/faults-and-double-submit.md). Asking again later replaces
 * the link as before.
 */
export const REPEAT_REQUEST_WINDOW_MS = 60_000;

const repeatSince = (at: Date) => new Date(at.getTime() - REPEAT_REQUEST_WINDOW_MS);

/** Replaces any earlier reset link of the account with a new one and queues the e-mail. */
async function sendResetLink(ctx: AuthContext, job: AccountMailRequest, account: Account, type: AccountType) {
  if (!account.email || account.status !== 'active') {
    await auditFor(ctx, job, {
      action: resetAction,
      outcome: 'no_email',
      userId: account.id,
      details: { type },
    });
    return;
  }
  const at = ctx.now();
  const repeat = () =>
    auditFor(ctx, job, { action: resetAction, outcome: 'repeat', userId: account.id, details: { type } });
  // A repeat found before the allowance is counted costs nothing; one arriving at the same moment is caught below.
  if (await hasLiveTokenSince(ctx.db, account.id, 'reset', repeatSince(at))) return repeat();
  if (!(await allowedMail(ctx, job, account.id, resetAction))) return;
  const { token, tokenHash } = newAccountToken();
  const issued = await ctx.db.transaction(async (tx) => {
    // Simultaneous requests take turns on the account's row: the first issues the link, the ones right behind it
    // find that link and stop; the partial unique index account_tokens_live_uq refuses a second live link should
    // anything bypass the lock.
    await lockUser(tx, account.id);
    if (await hasLiveTokenSince(tx, account.id, 'reset', repeatSince(at))) return false;
    await replaceAccountToken(tx, account.id, 'reset', tokenHash, at, RESET_TOKEN_TTL_MS);
    await auditFor(
      ctx,
      job,
      { action: resetAction, outcome: 'success', userId: account.id, details: { type } },
      tx,
    );
    return true;
  });
  if (!issued) return repeat();
  const { siteName } = await settingsOfSite(ctx, job.site);
  await ctx.mail.enqueue('reset', job.language, account.email, {
    siteName,
    login: account.login,
    link: resetLink(
      publicOrigin(ctx.config, job.site),
      ctx.config.basePath,
      job.language,
      account.login,
      token,
      type,
    ),
    minutes: RESET_TOKEN_TTL_MS / 60_000,
  });
}

async function resetPassword(ctx: AuthContext, job: Extract<AccountMailRequest, { flow: 'reset' }>) {
  const account =
    job.type === 'B2C'
      ? await findClientAccountByIdentity(ctx.db, job.site, job.idNo, job.birthDate)
      : await findProducerAccount(ctx.db, job.site, job.loginId);
  if (account) await sendResetLink(ctx, job, account, job.type);
  else await auditFor(ctx, job, { action: resetAction, outcome: 'unmatched', details: { type: job.type } });
}

/** Whether this site has a client area to register for (producer-only sites have no clients). */
export function registersClients(site: AccountMailRequest['site']) {
  return siteCapabilities(site).hasArea('b2c');
}

/** The registration of docs/auth.md and decision 008, run after the answer: see registration.ts for the answers. */
async function registerClient(ctx: AuthContext, job: Extract<AccountMailRequest, { flow: 'registration' }>) {
  const action = 'registration';
  const match = registersClients(job.site)
    ? await findRegistrationMatch(ctx.db, job.site, {
        idNo: job.idNo,
        surname: normalizeName(job.surName),
        givenName: normalizeName(job.givenName),
        birthDate: job.birthDate,
      })
    : undefined;
  if (!match || (match.userId != null && match.userStatus !== 'pending')) {
    // Not a client, or already registered. The holder of an existing account gets an e-mail with the way in.
    const outcome = match ? 'already_registered' : 'unmatched';
    await auditFor(ctx, job, { action, outcome, userId: match?.userId ?? null });
    if (match?.email && match.userId != null && (await allowedMail(ctx, job, match.userId, action))) {
      const { siteName } = await settingsOfSite(ctx, job.site);
      const pages = `${publicOrigin(ctx.config, job.site)}${ctx.config.basePath}/${job.language}`;
      await ctx.mail.enqueue('alreadyRegistered', job.language, match.email, {
        siteName,
        login: match.clientNo,
        link: `${pages}/login?area=b2c`,
        resetPage: `${pages}/forget_password`,
      });
    }
    return;
  }
  if (!match.email) {
    await auditFor(ctx, job, { action, outcome: 'no_email', userId: match.userId ?? null });
    return;
  }
  const email = match.email;
  // Idempotent under concurrency: simultaneous registrations of one client create one account and take turns on
  // its row.
  const user = await ctx.db.transaction(async (tx) => {
    if (match.userId == null) {
      await insertPendingClientUser(tx, {
        siteCode: job.site,
        clientId: match.clientId,
        login: match.clientNo,
        email,
        language: job.language,
      });
    }
    return clientUserForUpdate(tx, job.site, match.clientId);
  });
  if (user?.status !== 'pending') {
    await auditFor(ctx, job, { action, outcome: 'already_registered', userId: match.userId ?? null });
    return;
  }
  const at = ctx.now();
  const repeat = () => auditFor(ctx, job, { action, outcome: 'repeat', userId: user.id });
  // As for reset links: a registration repeated within REPEAT_REQUEST_WINDOW_MS sends no second link.
  if (await hasLiveTokenSince(ctx.db, user.id, 'activation', repeatSince(at))) return repeat();
  if (!(await allowedMail(ctx, job, user.id, action))) return;
  const { token, tokenHash } = newAccountToken();
  const issued = await ctx.db.transaction(async (tx) => {
    const locked = await clientUserForUpdate(tx, job.site, match.clientId);
    // Activated a moment ago by another request: answered like any already registered client.
    if (locked?.status !== 'pending') return 'activated' as const;
    if (await hasLiveTokenSince(tx, locked.id, 'activation', repeatSince(at))) return 'repeat' as const;
    await replaceAccountToken(tx, locked.id, 'activation', tokenHash, at, ACTIVATION_TOKEN_TTL_MS);
    await auditFor(ctx, job, { action, outcome: 'success', userId: locked.id }, tx);
    return 'issued' as const;
  });
  if (issued === 'repeat') return repeat();
  if (issued === 'activated') {
    await auditFor(ctx, job, { action, outcome: 'already_registered', userId: user.id });
    return;
  }
  const { siteName } = await settingsOfSite(ctx, job.site);
  await ctx.mail.enqueue('activation', job.language, email, {
    siteName,
    login: match.clientNo,
    link: activationLink(
      publicOrigin(ctx.config, job.site),
      ctx.config.basePath,
      job.language,
      match.clientNo,
      token,
    ),
    days: ACTIVATION_TOKEN_TTL_MS / 86_400_000,
  });
  ctx.log.info({ userId: user.id }, 'activation e-mail queued');
}

/**
 * The `account.mail` queue: one job per anonymous account-flow request (forgotten password, registration), so the
 * request does the same work whatever it finds and answers in the same time (decision 017). A job that fails (the
 * database gone for a moment) is retried a few times; the person can always ask again.
 */
export function defineAccountMailJobs(ctx: AuthContext) {
  const queue: QueueDefinition<Sealed> = {
    name: 'account.mail',
    retryLimit: 3,
    retryDelaySeconds: 2,
    expireInSeconds: 120,
    handle: async (data) => {
      const job = unseal<AccountMailRequest>(ctx.config.sessionSecret, data);
      if (job.flow === 'reset') await resetPassword(ctx, job);
      else await registerClient(ctx, job);
    },
  };
  ctx.jobs.define(queue);
  // The worker starts after the answer has gone (routes.ts wakes it on response), so nothing the job does can
  // lengthen the answer.
  return (job: AccountMailRequest) =>
    ctx.jobs.send(queue, seal(ctx.config.sessionSecret, job), { wake: 'after-response' });
}
