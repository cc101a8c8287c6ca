import { randomBytes } from 'node:crypto';
import type { AccountType, Language, SiteCode } from '@portal/contract';
import type { Config } from '../../config.js';
import { sha256 } from '../../plugins/session/tokens.js';

/** Activation links live a week (a client may read the e-mail late); reset links an hour (a live takeover risk). */
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** 32 random bytes for the link; only the SHA-256 is stored (a high-entropy secret needs no slow hash). */
export function newAccountToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

/**
 * The origin put into e-mailed links: from configuration only (PUBLIC_ORIGINS, or by default the site's first
 * client/producer host in SITE_HOSTS with PORT), never from a request. A forged Host header would otherwise mail a
 * real token to a link on the attacker's server ("reset poisoning"), and even an honest one carries whatever port
 * the request came in on (decision 017). Links are built in jobs, where there is no request anyway.
 */
export function publicOrigin(
  config: Pick<Config, 'publicOrigins' | 'cookieSecure' | 'port'>,
  site: SiteCode,
) {
  const origin = config.publicOrigins.get(site);
  if (origin) return origin;
  // Only a site without any client/producer host in SITE_HOSTS gets here (served as DEFAULT_SITE on other hosts).
  return `${config.cookieSecure ? 'https' : 'http'}://localhost:${config.port}`;
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
