import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../../plugins/errors.js';
import { hostName } from '../../../plugins/request-context.js';
import type { SessionControl } from '../../../plugins/session/plugin.js';
import type { AuthContext } from '../context.js';
import { saveSessionData } from './enrolment.js';

/**
 * Where a passkey is bound (docs/security/account-security.md, "Passkeys"). The relying party id is the host the
 * person is on, and only a host named in SITE_HOSTS: a passkey made on afs.localhost works there only, never on
 * another site's host. The origins accepted are the site's public origin and the origin the browser sent with the
 * call when it is on that same host (with https whenever cookies are secure): a page elsewhere cannot pass.
 */
export function relyingParty(ctx: AuthContext, request: FastifyRequest) {
  const rpID = hostName(request.headers.host);
  if (!ctx.config.siteHosts.has(rpID)) throw new HttpError(404, 'errors.notFound');
  const origins = new Set<string>();
  const publicOrigin = ctx.config.publicOrigins.get(request.site.code);
  if (publicOrigin && new URL(publicOrigin).hostname === rpID) origins.add(publicOrigin);
  const sent = request.headers.origin;
  if (typeof sent === 'string') {
    try {
      const url = new URL(sent);
      const schemeOk = url.protocol === 'https:' || (!ctx.config.cookieSecure && url.protocol === 'http:');
      if (schemeOk && url.hostname === rpID) origins.add(url.origin);
    } catch {}
  }
  return { rpID, origins: [...origins] };
}

/** Session data key of the challenge last handed out; taken (and so spent) by the check that follows. */
const CHALLENGE = 'passkeyChallenge';
const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = 'register' | 'second-factor' | 'sign-in' | 'step-up';

interface StoredChallenge {
  value: string;
  purpose: ChallengePurpose;
  until: string;
}

/**
 * Keeps a challenge in the session. A visitor with no session (the passkey sign-in) gets a fresh one that belongs to
 * nobody, like a login waiting for its code. Answers the session's CSRF token, which the browser needs for the check
 * that follows when the session is new.
 */
export async function keepChallenge(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionControl,
  purpose: ChallengePurpose,
  value: string,
) {
  const stored: StoredChallenge = {
    value,
    purpose,
    until: new Date(ctx.now().getTime() + CHALLENGE_TTL_MS).toISOString(),
  };
  if (request.session) {
    await saveSessionData(ctx, request, { ...request.session.data, [CHALLENGE]: stored });
    return request.session.csrfToken;
  }
  return (await sessions.rotate(request, reply, null, { [CHALLENGE]: stored })).csrfToken;
}

/** The session's live challenge for `purpose`, removed from the session first so it serves one check only. */
export async function takeChallenge(ctx: AuthContext, request: FastifyRequest, purpose: ChallengePurpose) {
  const data = request.session?.data;
  const stored = data?.[CHALLENGE] as StoredChallenge | undefined;
  if (!data || !stored) return null;
  const { [CHALLENGE]: _spent, ...rest } = data;
  await saveSessionData(ctx, request, rest);
  const live = stored.purpose === purpose && new Date(stored.until).getTime() > ctx.now().getTime();
  return live && typeof stored.value === 'string' ? stored.value : null;
}
