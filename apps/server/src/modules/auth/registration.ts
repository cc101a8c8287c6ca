import { type AccountFlowResponse, type RegistrationRequest, SITE_AREAS } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from './abuse-limits.js';
import { ACTIVATION_TOKEN_TTL_MS, activationLink, newAccountToken, publicOrigin } from './account-links.js';
import { birthDateOf, normalizeName } from './birth-date.js';
import { type AuthContext, audit, enforceLimits, sendMailLater, settingsOf } from './context.js';
import {
  clientUserForUpdate,
  findRegistrationMatch,
  insertAccountToken,
  insertPendingClientUser,
  voidAccountTokens,
} from './queries.js';

/**
 * `POST /registration`: a client of this site without an active account gets a pending account (login = AG client
 * ID) and an activation link by e-mail. Whether anyone matched is not in the answer: matched or not, the answer is
 * `{ success, withEmail: true }`. The one exception, which the issue asks for, is a matched client with no e-mail
 * on file (`withEmail: false`, so the screen shows how to contact us); why that is acceptable: docs/decisions/008.
 */
export async function register(
  ctx: AuthContext,
  request: FastifyRequest,
  body: RegistrationRequest,
): Promise<AccountFlowResponse> {
  const action = 'registration';
  const birthDate = birthDateOf(body.birthDay, body.birthMonth, body.birthYear);
  const site = request.site.code;
  await enforceLimits(
    ctx,
    request,
    [
      [LIMITS.registrationPerIp, request.ip],
      [LIMITS.registrationPerIdentity, `${site}:${body.idNo.toUpperCase()}`],
    ],
    { action },
  );
  const sent: AccountFlowResponse = { success: true, withEmail: true };
  // Registration belongs to the client area; producer-only sites have no clients to register.
  if (!request.site.features.external || !SITE_AREAS[site].includes('b2c')) {
    await audit(ctx, request, { action, outcome: 'unmatched' });
    return sent;
  }
  const match = await findRegistrationMatch(ctx.db, site, {
    idNo: body.idNo,
    surname: normalizeName(body.surName),
    givenName: normalizeName(body.givenName),
    birthDate,
  });
  if (!match || (match.userId != null && match.userStatus !== 'pending')) {
    // Not a client, or already registered: the same answer either way (decision 008). The holder of an existing
    // account gets an e-mail with the way in (sign in, or reset the password), so the answer is no dead end.
    const outcome = match ? 'already_registered' : 'unmatched';
    await audit(ctx, request, { action, outcome, userId: match?.userId ?? null });
    if (match?.email) await mailAlreadyRegistered(ctx, request, match.email, match.clientNo);
    return sent;
  }
  if (!match.email) {
    await audit(ctx, request, { action, outcome: 'no_email', userId: match.userId ?? null });
    return { success: true, withEmail: false };
  }

  const email = match.email;
  const { token, tokenHash } = newAccountToken();
  const at = ctx.now();
  // Idempotent under concurrency: simultaneous registrations of one client create one account, take turns on its
  // row, and leave exactly one live activation link (the last one sent).
  const userId = await ctx.db.transaction(async (tx) => {
    if (match.userId == null) {
      await insertPendingClientUser(tx, {
        siteCode: site,
        clientId: match.clientId,
        login: match.clientNo,
        email,
        language: request.language,
      });
    }
    const user = await clientUserForUpdate(tx, site, match.clientId);
    if (user?.status !== 'pending') return null;
    await voidAccountTokens(tx, user.id, at, 'activation');
    await insertAccountToken(tx, {
      userId: user.id,
      purpose: 'activation',
      tokenHash,
      expiresAt: new Date(at.getTime() + ACTIVATION_TOKEN_TTL_MS),
      createdAt: at,
    });
    await audit(ctx, request, { action, outcome: 'success', userId: user.id }, tx);
    return user.id;
  });
  if (userId == null) {
    // Activated (or taken by another account) a moment ago: answered like any already registered client.
    await audit(ctx, request, { action, outcome: 'already_registered', userId: match.userId ?? null });
    return sent;
  }
  const { siteName } = await settingsOf(ctx, request);
  const link = activationLink(
    publicOrigin(request, ctx.config),
    ctx.config.basePath,
    request.language,
    match.clientNo,
    token,
  );
  sendMailLater(ctx, request, 'activation', email, {
    siteName,
    login: match.clientNo,
    link,
    days: ACTIVATION_TOKEN_TTL_MS / 86_400_000,
  });
  request.log.info({ userId }, 'activation e-mail queued');
  return sent;
}

/** Sent after the answer (sendMailLater), like the activation e-mail, so both take the same time to answer. */
async function mailAlreadyRegistered(
  ctx: AuthContext,
  request: FastifyRequest,
  email: string,
  login: string,
) {
  const { siteName } = await settingsOf(ctx, request);
  const pages = `${publicOrigin(request, ctx.config)}${ctx.config.basePath}/${request.language}`;
  sendMailLater(ctx, request, 'alreadyRegistered', email, {
    siteName,
    login,
    link: `${pages}/login?area=b2c`,
    resetPage: `${pages}/forget_password`,
  });
}
