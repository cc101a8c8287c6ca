import type { AccountFlowResponse, ForgetPasswordB2bRequest, ForgetPasswordRequest } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from './abuse-limits.js';
import { birthDateOf } from './birth-date.js';
import { type AuthContext, enforceLimits, originOf } from './context.js';

const action = 'password.reset_request';
/** The same answer whether or not an account matched, and whether or not it has an e-mail address. */
const ANSWER: AccountFlowResponse = { success: true, withEmail: true };

/**
 * `POST /forget_password`: a client names themself by identity number (or AG client ID) and birth date. The
 * request counts its limits, queues one job with what was typed and answers; the job looks the account up, issues
 * the link and e-mails it (account-mail-jobs.ts). So every branch does the same work here and answers in the same
 * time, matched or not (decision 017).
 */
export async function forgotClientPassword(
  ctx: AuthContext,
  request: FastifyRequest,
  body: ForgetPasswordRequest,
): Promise<AccountFlowResponse> {
  const birthDate = birthDateOf(body.birthDay, body.birthMonth, body.birthYear);
  await enforceLimits(
    ctx,
    request,
    [
      [LIMITS.forgotPasswordPerIp, request.ip],
      [LIMITS.forgotPasswordPerAccount, `${request.site.code}:B2C:${body.idNo.toUpperCase()}`],
    ],
    { action, details: { type: 'B2C' } },
  );
  await ctx.accountMail({ ...originOf(request), flow: 'reset', type: 'B2C', idNo: body.idNo, birthDate });
  return ANSWER;
}

/** `POST /forget_password_b2b`: a producer names themself by Login ID (or Advisor Code); queued like the above. */
export async function forgotProducerPassword(
  ctx: AuthContext,
  request: FastifyRequest,
  body: ForgetPasswordB2bRequest,
): Promise<AccountFlowResponse> {
  await enforceLimits(
    ctx,
    request,
    [
      [LIMITS.forgotPasswordPerIp, request.ip],
      [LIMITS.forgotPasswordPerAccount, `${request.site.code}:B2B:${body.loginId.toLowerCase()}`],
    ],
    { action, details: { type: 'B2B' } },
  );
  await ctx.accountMail({ ...originOf(request), flow: 'reset', type: 'B2B', loginId: body.loginId });
  return ANSWER;
}
