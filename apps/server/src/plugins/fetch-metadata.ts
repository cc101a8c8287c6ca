import type { FastifyRequest } from 'fastify';

/**
 * Fetch Metadata (docs/security/sessions-and-headers.md, decision 034): a browser says in `Sec-Fetch-Site` where a
 * request comes from. The API serves the portal's own pages only, so it carries out a request only when it comes
 * from the same origin (the page's own fetch, its links, its downloads) or from the person themself (`none`: an
 * address typed or bookmarked). Everything else — a hostile page navigating a signed-in browser to an export, PDF or
 * ZIP, a form posted from elsewhere, a `no-cors` fetch — is refused before the session is read.
 *
 * `same-site` is refused too: the portal's sites are siblings under one registrable domain (afs., ipc., staff.), so
 * "same site" includes every other portal site and any other host under that domain, none of which may drive this
 * one. A request without the header (a script, a load balancer, an old browser) passes: the header is a browser's
 * statement, and its absence proves nothing either way; sessions and CSRF tokens still guard those requests.
 */
export function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined) return false;
  return site !== 'same-origin' && site !== 'none';
}
