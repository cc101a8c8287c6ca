import { createHmac } from 'node:crypto';
import { randomToken } from './tokens.js';

/**
 * The CSRF token of a visitor who has not signed in, without a database row (signed double submit, decision 018):
 * the browser keeps a random nonce in an HttpOnly cookie (`portal_csrf`, cookies.ts), and the token `/me` hands out is an HMAC of that nonce
 * under the server secret, bound to the site and to the kind of host (public or staff). A write must send the
 * token that belongs to the cookie it carries. A page on another origin can neither read the token nor make it
 * from a cookie it cannot read; a nonce planted from elsewhere is useless without its token, a token of another
 * site or host kind does not match here, and no token can be made without the secret.
 */
const NONCE = /^[A-Za-z0-9_-]{43}$/;

export interface CsrfScope {
  siteCode: string;
  internal: boolean;
}

export function newCsrfNonce(): string {
  return randomToken();
}

/** The nonce of a cookie value, or null when it is not one this server could have set. */
export function csrfNonceOf(cookie: string | undefined): string | null {
  return cookie && NONCE.test(cookie) ? cookie : null;
}

export function anonymousCsrfToken(secret: string, nonce: string, scope: CsrfScope): string {
  return createHmac('sha256', secret)
    .update(`anonymous-csrf\0${scope.siteCode}\0${scope.internal ? 'internal' : 'public'}\0${nonce}`)
    .digest('base64url');
}
