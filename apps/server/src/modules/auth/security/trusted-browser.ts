import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieScheme, singleCookie } from '../../../plugins/session/cookies.js';
import type { AuthContext } from '../context.js';
import { isKnownDevice } from '../device-cookie.js';
import { deviceName } from './device-name.js';
import { findTrustedBrowser, insertTrustedBrowser } from './queries.js';

/** How long "don't ask again on this browser" lasts. Never offered to staff. */
export const TRUST_DAYS = 30;
const TRUST_MS = TRUST_DAYS * 86_400_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A trusted browser holds a random token (`portal_trust`, one per browser; only its SHA-256 is stored, per
 * account) and must also hold the account's entry of the device cookie (device-cookie.ts): copying one cookie is not
 * enough, and clearing the browser's cookies ends the trust. Listed and revocable on the Security page.
 */
export async function isTrustedBrowser(ctx: AuthContext, request: FastifyRequest, userId: number) {
  const token = singleCookie(request, cookieScheme(ctx.config).names.trust);
  if (!token || !TOKEN.test(token)) return false;
  const now = ctx.now();
  if (!isKnownDevice(ctx.config, request, userId, now)) return false;
  return !!(await findTrustedBrowser(ctx.db, userId, hashOf(token), now));
}

/** Trusts this browser for the account for TRUST_DAYS (reusing the browser's token when it has one). */
export async function trustBrowser(
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const cookies = cookieScheme(ctx.config);
  const held = singleCookie(request, cookies.names.trust);
  const token = held && TOKEN.test(held) ? held : randomBytes(32).toString('base64url');
  const now = ctx.now();
  await insertTrustedBrowser(ctx.db, {
    userId,
    tokenHash: hashOf(token),
    device: deviceName(request.headers['user-agent']),
    ip: request.clientIp,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TRUST_MS),
  });
  reply.setCookie(cookies.names.trust, token, { ...cookies.base, maxAge: TRUST_MS / 1000 });
}
