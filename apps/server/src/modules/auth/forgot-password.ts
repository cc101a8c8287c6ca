import type {
  AccountFlowResponse,
  AccountType,
  ForgetPasswordB2bRequest,
  ForgetPasswordRequest,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from './abuse-limits.js';
import { newAccountToken, publicOrigin, RESET_TOKEN_TTL_MS, resetLink } from './account-links.js';
import { birthDateOf } from './birth-date.js';
import { type AuthContext, audit, enforceLimits, sendMailLater, settingsOf } from './context.js';
import {
  type Account,
  findClientAccountByIdentity,
  findProducerAccount,
  insertAccountToken,
  voidAccountTokens,
} from './queries.js';

const action = 'password.reset_request';
/** The same answer whether or not an account matched, and whether or not it has an e-mail address. */
const ANSWER: AccountFlowResponse = { success: true, withEmail: true };

/** Replaces any earlier reset link of the account with a new one and e-mails it (after the answer). */
async function sendResetLink(ctx: AuthContext, request: FastifyRequest, account: Account, type: AccountType) {
  if (!account.email || account.status !== 'active') {
    await audit(ctx, request, { action, outcome: 'no_email', userId: account.id, details: { type } });
    return;
  }
  const email = account.email;
  const { token, tokenHash } = newAccountToken();
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await voidAccountTokens(tx, account.id, at, 'reset');
    await insertAccountToken(tx, {
      userId: account.id,
      purpose: 'reset',
      tokenHash,
      expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: at,
    });
    await audit(ctx, request, { action, outcome: 'success', userId: account.id, details: { type } }, tx);
  });
  const { siteName } = await settingsOf(ctx, request);
  const origin = publicOrigin(request, ctx.config);
  sendMailLater(ctx, request, 'reset', email, {
    siteName,
    login: account.login,
    link: resetLink(origin, ctx.config.basePath, request.language, account.login, token, type),
    minutes: RESET_TOKEN_TTL_MS / 60_000,
  });
}

/** `POST /forget_password`: a client names themself by identity number (or AG client ID) and birth date. */
export async function forgotClientPassword(
  ctx: AuthContext,
  request: FastifyRequest,
  body: ForgetPasswordRequest,
): Promise<AccountFlowResponse> {
  const birthDate = birthDateOf(body.birthDay, body.birthMonth, body.birthYear);
  const site = request.site.code;
  await enforceLimits(
    ctx,
    request,
    [
      [LIMITS.forgotPasswordPerIp, request.ip],
      [LIMITS.forgotPasswordPerAccount, `${site}:B2C:${body.idNo.toUpperCase()}`],
    ],
    { action, details: { type: 'B2C' } },
  );
  const account = await findClientAccountByIdentity(ctx.db, site, body.idNo, birthDate);
  if (account) await sendResetLink(ctx, request, account, 'B2C');
  else await audit(ctx, request, { action, outcome: 'unmatched', details: { type: 'B2C' } });
  return ANSWER;
}

/** `POST /forget_password_b2b`: a producer names themself by Login ID (or Advisor Code). */
export async function forgotProducerPassword(
  ctx: AuthContext,
  request: FastifyRequest,
  body: ForgetPasswordB2bRequest,
): Promise<AccountFlowResponse> {
  const site = request.site.code;
  await enforceLimits(
    ctx,
    request,
    [
      [LIMITS.forgotPasswordPerIp, request.ip],
      [LIMITS.forgotPasswordPerAccount, `${site}:B2B:${body.loginId.toLowerCase()}`],
    ],
    { action, details: { type: 'B2B' } },
  );
  const account = request.site.features.external
    ? await findProducerAccount(ctx.db, site, body.loginId)
    : undefined;
  if (account) await sendResetLink(ctx, request, account, 'B2B');
  else await audit(ctx, request, { action, outcome: 'unmatched', details: { type: 'B2B' } });
  return ANSWER;
}
