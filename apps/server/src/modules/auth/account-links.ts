import { randomBytes } from 'node:crypto';
import type { AccountType, Language } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { hostName } from '../../plugins/request-context.js';
import { sha256 } from '../../plugins/session/tokens.js';

/** Activation links live a week (a client may read the e-mail late); reset links an hour (a live takeover risk). */
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** 32 random bytes for the link; only the SHA-256 is stored (a high-entropy secret needs no slow hash). */
export function newAccountToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

const HOST_WITH_PORT = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * The origin put into e-mailed links. Never taken blindly from the Host header: a forged Host would otherwise mail a
 * real token to a link on the attacker's server ("reset poisoning"). Only a host named in SITE_HOSTS that serves
 * client and producer pages is used (its port kept, for local runs), never a staff host; otherwise the first such
 * host of the same site.
 */
export function publicOrigin(
  request: FastifyRequest,
  config: Pick<Config, 'siteHosts' | 'cookieSecure'>,
): string {
  const scheme = config.cookieSecure ? 'https' : 'http';
  const raw = (request.headers.host ?? '').trim();
  const named = config.siteHosts.get(hostName(raw));
  if (named?.features.external && named.code === request.site.code && HOST_WITH_PORT.test(raw))
    return `${scheme}://${raw.toLowerCase()}`;
  for (const [host, site] of config.siteHosts) {
    if (site.code === request.site.code && site.features.external) return `${scheme}://${host}`;
  }
  return `${scheme}://${hostName(raw) || 'localhost'}`;
}

export function activationLink(
  origin: string,
  basePath: string,
  lang: Language,
  login: string,
  token: string,
) {
  const query = new URLSearchParams({ login, activation_code: token });
  return `${origin}${basePath}/${lang}/activation?${query}`;
}

export function resetLink(
  origin: string,
  basePath: string,
  lang: Language,
  login: string,
  token: string,
  type: AccountType,
) {
  const query = new URLSearchParams({ login, activation_code: token, type });
  return `${origin}${basePath}/${lang}/reset_password?${query}`;
}

/** `taiman.chan@example.com` → `t*********n@example.com`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const masked =
    local.length <= 2 ? `${local[0]}***` : `${local[0]}${'*'.repeat(local.length - 2)}${local.at(-1)}`;
  return `${masked}${email.slice(at)}`;
}
