/**
 * The page a signed-out user wanted, carried to the login page as `?referrer=` (kept across reloads) so the
 * login screen can send them back after signing in.
 */
export const REFERRER_PARAM = 'referrer';

export function loginPathWithReferrer(prefix: string, from: { pathname: string; search?: string }): string {
  const referrer = `${from.pathname}${from.search ?? ''}`;
  return `${prefix}/login?${new URLSearchParams({ [REFERRER_PARAM]: referrer }).toString()}`;
}

/** The referrer from a login URL, only if it is a path inside the app (never another origin). */
export function readReferrer(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(REFERRER_PARAM);
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
