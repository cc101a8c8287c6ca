import type { StepUpRequest } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { HttpError } from '../../../plugins/errors.js';
import { STEP_UP_AT } from '../../../plugins/session/pending-otp.js';
import { updateSessionState } from '../../../plugins/session/queries.js';
import type { Account } from '../account-queries.js';
import { strongMethodsOf } from './second-factor-start.js';

/**
 * How an account proves itself again (decision 044): the strong methods it signs in with (passkey, authenticator,
 * recovery code), or its current password when it has no strong factor. The Security page offers them in this order.
 */
export function stepUpMethodsOf(
  account: Pick<Account, 'totpEnabled' | 'passkeyEnabled'>,
): StepUpRequest['method'][] {
  const strong = strongMethodsOf(account);
  return strong.length > 0 ? strong : ['password'];
}

/** Whether the session passed a full sign-in or a second-factor check within STEP_UP_MINUTES. */
export function stepUpFresh(request: FastifyRequest, config: Pick<Config, 'mfa'>, now: Date): boolean {
  const at = request.session?.data?.[STEP_UP_AT];
  if (typeof at !== 'string') return false;
  const age = now.getTime() - new Date(at).getTime();
  return age >= 0 && age <= config.mfa.stepUpMs;
}

/**
 * Sensitive changes (password, factors, recovery codes, staff revenue edits and deletes) need a recent check: past
 * STEP_UP_MINUTES they answer 401 `{ error, stepUp: true }`, the page asks for the factor (`POST /account/step_up`)
 * and retries. Exported through the auth module's index for other modules.
 */
export function requireStepUp(request: FastifyRequest, config: Pick<Config, 'mfa'>, now: Date = new Date()) {
  if (!stepUpFresh(request, config, now))
    throw new HttpError(401, 'security.stepUpRequired', {}, undefined, { stepUp: true });
}

/** Records a passed check on this session. */
export async function markStepUp(db: Db, request: FastifyRequest, at: Date) {
  const session = request.session;
  if (!session) return;
  session.data = { ...session.data, [STEP_UP_AT]: at.toISOString() };
  await updateSessionState(db, session.idHash, { data: session.data });
}
