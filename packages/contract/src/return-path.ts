/**
 * The login page's `referrer` (where a signed-out visitor wanted to go) as a path the SPA may navigate to after
 * sign-in, or null (docs/security/sessions-and-headers.md, "Return after sign-in").
 *
 * The value comes from the address bar, so anyone can make a link that carries one. It is judged on what a browser
 * or a router would finally make of it, not on how it is spelt:
 *   - its path is percent-decoded until it stops changing (`%2e%2e`, `%252e%252e`, `%2f`, `%5c` all come out), and a
 *     malformed escape refuses it;
 *   - the decoded path may hold only the ASCII characters of a URL path (RFC 3986 pchar, no `%`): no backslash
 *     (browsers read `/\host` as `//host`), no tab or newline (browsers drop them, `/\t/host` becomes `//host`), no
 *     full-width or other look-alike slashes and dots, no encoded `?` or `#`;
 *   - it starts with exactly one `/` (`//host` is another origin) and has no `.` or `..` segment, so joined to the
 *     base path it stays inside it.
 * What is answered is the decoded path (nothing left for a later decoding to turn into `..`), followed by the
 * query and fragment as given: they cannot change the path.
 */
const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** Enough for any honest value (the SPA encodes once); more layers than this only come from someone hiding one. */
const MAX_DECODINGS = 4;

function fullyDecoded(path: string): string | null {
  let current = path;
  for (let round = 0; round <= MAX_DECODINGS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

export function safeReturnPath(referrer: string | null | undefined): string | null {
  if (!referrer || referrer.length > 2000) return null;
  const queryAt = referrer.search(/[?#]/);
  const rawPath = queryAt === -1 ? referrer : referrer.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : referrer.slice(queryAt);
  const path = fullyDecoded(rawPath);
  if (path === null || !PATH_CHARS.test(path)) return null;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  // The query and fragment are not decoded, but a browser drops tabs and newlines from the whole address first.
  if ([...rest].some((c) => c < ' ' || c === '\u007f' || c === '\\')) return null;
  return path + rest;
}
