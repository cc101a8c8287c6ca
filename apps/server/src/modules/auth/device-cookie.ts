import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { cookieScheme, singleCookie } from '../../plugins/session/cookies.js';
import { safeEqual } from '../../plugins/session/tokens.js';

/**
 * "This browser has signed in to this account before" (decision 018, after OWASP's device cookies): after every
 * sign-in the browser gets an entry signed under the server secret for the site and the account, and an attempt on
 * that account from that browser is exempt from the per-address failure limit, so the failures of others behind the
 * same address (an office, a proxy) cannot keep its owner out. The per-account limits and the account lock still
 * apply, so a copied cookie buys no guesses. Entries hold no login name: `<issued seconds>.<HMAC>`, newest first,
 * at most DEVICE_POLICY.maxEntries (people who share a computer), each valid for DEVICE_POLICY.ttlMs. The cookie is
 * `portal_device` (`__Host-portal_device` behind HTTPS, plugins/session/cookies.ts); a doubled one counts as none.
 */
export const DEVICE_POLICY = {
  ttlMs: 90 * 24 * 60 * 60_000,
  maxEntries: 5,
} as const;

const ENTRY = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, site: string, userId: number, issuedSeconds: number) {
  return createHmac('sha256', secret)
    .update(`login-device\0${site}\0${userId}\0${issuedSeconds}`)
    .digest('base64url');
}

/** The well-formed, unexpired entries of the cookie (signatures are checked against an account later). */
function entriesOf(config: Config, request: FastifyRequest, now: Date) {
  const raw = singleCookie(request, cookieScheme(config).names.device);
  if (!raw || raw.length > 60 * DEVICE_POLICY.maxEntries) return [];
  const oldest = now.getTime() - DEVICE_POLICY.ttlMs;
  return raw
    .split('~')
    .slice(0, DEVICE_POLICY.maxEntries)
    .flatMap((entry) => {
      const match = ENTRY.exec(entry);
      if (!match) return [];
      const issuedSeconds = Number(match[1]);
      if (issuedSeconds * 1000 < oldest || issuedSeconds * 1000 > now.getTime() + 60_000) return [];
      return [{ entry, issuedSeconds, mac: match[2] ?? '' }];
    });
}

/** Whether this browser signed in to the account on this site within DEVICE_POLICY.ttlMs. */
export function isKnownDevice(config: Config, request: FastifyRequest, userId: number, now: Date): boolean {
  return entriesOf(config, request, now).some(({ issuedSeconds, mac }) =>
    safeEqual(mac, signature(config.sessionSecret, request.site.code, userId, issuedSeconds)),
  );
}

/** Records a sign-in to the account: a fresh entry first, this account's older entry and expired ones dropped. */
export function rememberDevice(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  now: Date,
) {
  const issuedSeconds = Math.floor(now.getTime() / 1000);
  const mine = signature(config.sessionSecret, request.site.code, userId, issuedSeconds);
  const others = entriesOf(config, request, now).filter(
    ({ issuedSeconds: at, mac }) =>
      !safeEqual(mac, signature(config.sessionSecret, request.site.code, userId, at)),
  );
  const value = [`${issuedSeconds}.${mine}`, ...others.map((e) => e.entry)]
    .slice(0, DEVICE_POLICY.maxEntries)
    .join('~');
  const cookies = cookieScheme(config);
  reply.setCookie(cookies.names.device, value, { ...cookies.base, maxAge: DEVICE_POLICY.ttlMs / 1000 });
}
