import { safeReturnPath } from '@portal/contract';

/**
 * The page a signed-out user wanted, carried to the login page as `?referrer=` (kept across reloads) so the
 * login screen can send them back after signing in.
 */
export const REFERRER_PARAM = 'referrer';

export function loginPathWithReferrer(prefix: string, from: { pathname: string; search?: string }): string {
  const referrer = `${from.pathname}${from.search ?? ''}`;
  return `${prefix}/login?${new URLSearchParams({ [REFERRER_PARAM]: referrer }).toString()}`;
}

/**
 * The referrer from a login URL, only if it is a path inside the app: never another origin, never out of the base
 * path, however it is encoded (safeReturnPath, shared with the server's contract).
 */
export function readReferrer(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnPath(params.get(REFERRER_PARAM));
}

/**
 * Where a signed-in user goes from the login page: back to the page they wanted when it lies in their own area
 * (a client's referrer into /b2b is not honoured), else their area's home (a producer's: /b2b/home). The referrer's own locale segment is
 * dropped for the current one, so the language chosen on the login page carries on.
 */
export function signedInDestination(
  area: 'b2b' | 'b2c' | 'internal',
  prefix: string,
  search: string,
): string {
  // A producer's first screen is their home (what is stuck in their pipeline, docs/producer/cases.md); the other
  // areas open at their root.
  const home = area === 'b2b' ? `${prefix}/b2b/home` : `${prefix}/${area}`;
  const referrer = readReferrer(search);
  if (!referrer) return home;
  const queryAt = referrer.search(/[?#]/);
  const pathname = queryAt === -1 ? referrer : referrer.slice(0, queryAt);
  const rest = stripLocale(pathname);
  // readReferrer has refused dot segments (encoded ones too), so /b2c/../b2b never gets this far.
  if (rest !== `/${area}` && !rest.startsWith(`/${area}/`)) return home;
  return `${prefix}${rest}${queryAt === -1 ? '' : referrer.slice(queryAt)}`;
}

function stripLocale(pathname: string): string {
  const match = /^\/(en|ja|zh|kr)(\/.*)?$/.exec(pathname);
  return match ? (match[2] ?? '/') : pathname;
}
