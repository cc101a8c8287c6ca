import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/**
 * The portal's cookies and how they are set (docs/security/sessions-and-headers.md).
 *
 * Behind HTTPS (`COOKIE_HOST_PREFIX`, on by default when `COOKIE_SECURE=true`) every name carries the `__Host-`
 * prefix: browsers then accept the cookie only with Secure, without Domain and with Path=/, so a page on a sibling
 * subdomain (or a man in the middle on plain http) cannot plant or overwrite one, and a cookie with the plain name
 * that such a page sets is simply not read. Path=/ is what the prefix demands; the base path was never a boundary
 * (any page of the origin can read cookies of another path), so nothing is given up.
 */
export const COOKIE_BASE_NAMES = {
  /** The session id (sessions table, decision 003). */
  session: 'portal_sid',
  /** The visitor's CSRF nonce before sign-in (decision 018). */
  csrf: 'portal_csrf',
  /** Browsers that signed in to an account before (decision 018). */
  device: 'portal_device',
  /** Browsers a person chose not to be asked the second factor on (modules/auth/security/trusted-browser.ts). */
  trust: 'portal_trust',
} as const;
export type PortalCookie = keyof typeof COOKIE_BASE_NAMES;

export const HOST_PREFIX = '__Host-';

export interface CookieScheme {
  names: Record<PortalCookie, string>;
  /** Path=/ with the prefix (required by it), else the base path. */
  path: string;
  /** Attributes every portal cookie is set, and cleared, with: a `__Host-` cookie is only replaced by a Set-Cookie
   * with the same Secure and Path. */
  base: CookieSerializeOptions;
  /** False (`SESSION_COOKIE_PERSISTENT=false`): the session cookie carries no Expires and ends with the browser. */
  persistentSession: boolean;
}

export function cookieScheme(config: Config): CookieScheme {
  const prefix = config.cookieHostPrefix ? HOST_PREFIX : '';
  const path = config.cookieHostPrefix ? '/' : config.basePath || '/';
  return {
    names: {
      session: prefix + COOKIE_BASE_NAMES.session,
      csrf: prefix + COOKIE_BASE_NAMES.csrf,
      device: prefix + COOKIE_BASE_NAMES.device,
      trust: prefix + COOKIE_BASE_NAMES.trust,
    },
    path,
    base: { path, httpOnly: true, sameSite: 'lax', secure: config.cookieSecure },
    persistentSession: config.sessionCookiePersistent,
  };
}

/** How many cookies of this exact name the Cookie header holds. */
export function cookieCount(header: string | undefined, name: string): number {
  if (!header) return 0;
  let count = 0;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if ((at === -1 ? part : part.slice(0, at)).trim() === name) count++;
  }
  return count;
}

/**
 * The value of a cookie the request holds exactly once. Two cookies of one name mean one was planted (cookie
 * tossing: a sibling subdomain sets `Domain=.example.com` with a longer path, so the browser sends it first), and
 * nothing tells which is ours: neither is trusted. The parser keeps only the first, so the raw header is counted,
 * and only when the name is there at all (the usual request pays nothing).
 */
export function singleCookie(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies[name];
  if (value === undefined) return undefined;
  return cookieCount(request.headers.cookie, name) === 1 ? value : undefined;
}

/** True when the request carries the cookie more than once (see singleCookie). */
export function cookieDuplicated(request: FastifyRequest, name: string): boolean {
  return request.cookies[name] !== undefined && cookieCount(request.headers.cookie, name) > 1;
}

export function clearPortalCookie(reply: FastifyReply, scheme: CookieScheme, cookie: PortalCookie) {
  reply.clearCookie(scheme.names[cookie], scheme.base);
}
