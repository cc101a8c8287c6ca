import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSpaRoute, LANGUAGES, type Language, siteCapabilities } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { replyError } from './errors.js';

/** `/api/...` (a language segment forgotten) and `/{anything}/api/...` are API paths: a JSON 404, never the SPA. */
const API_PATH = /^\/([^/]+\/)?api(\/|$)/;

/** Page paths (after the base path) of the login page: the root and /login, each with an optional language. */
const LOGIN_PATH = new RegExp(`^(/(${LANGUAGES.join('|')}))?(/|/login/?)?$`);

/**
 * The login page has its own light document, login.html (docs/performance/login-entry.md), for the login URLs in a
 * language the host's site offers. A language the site does not offer (ja on ipc) is redirected to the page in the
 * site's default language first (pathInSiteLanguage).
 */
export function isLoginPage(pathAfterBase: string, request: Pick<FastifyRequest, 'site'>): boolean {
  const match = LOGIN_PATH.exec(pathAfterBase);
  if (!match) return false;
  const language = match[2] as Language | undefined;
  return !language || siteCapabilities(request.site.code).acceptsLanguage(language);
}

/** A page path's language prefix (`/ja/b2c` → ja). */
const PAGE_LANGUAGE = new RegExp(`^/(${LANGUAGES.join('|')})(/|$)`);

/**
 * A page path in a language the host's site does not offer (`/ja/login` on ipc, which has English and Chinese) is the
 * same page in the site's default language, the path without its prefix (no prefix is English, which every site has):
 * the browser is sent there, so the person reads the page they asked for instead of a Page Not Found. Null when the
 * language is offered, or the path names none.
 */
export function pathInSiteLanguage(
  pathAfterBase: string,
  request: Pick<FastifyRequest, 'site'>,
): string | null {
  const language = PAGE_LANGUAGE.exec(pathAfterBase)?.[1] as Language | undefined;
  if (!language || siteCapabilities(request.site.code).acceptsLanguage(language)) return null;
  return pathAfterBase.slice(language.length + 1) || '/';
}

/**
 * The document for a page path: the build writes each page once per language (`index.ja.html`, with that
 * `<html lang>` and its loading line: apps/web/build/page-languages.ts); the URL's language picks the copy, and a
 * path without a language, or a build without the copy, gets the page itself.
 */
export function pageFile(page: 'index' | 'login', pathAfterBase: string, files: ReadonlySet<string>): string {
  const language = PAGE_LANGUAGE.exec(pathAfterBase)?.[1];
  const localised = `${page}.${language}.html`;
  return language && files.has(localised) ? localised : `${page}.html`;
}

/**
 * Security headers that only mean something on a document (a page the browser renders or frames): the policy for
 * what the page may load, framing, opener isolation, DNS prefetching, IE's download and XSS switches, Flash's
 * cross-domain files. A hashed script or stylesheet keeps what applies to a subresource (nosniff, the
 * cross-origin resource policy, the referrer policy its module imports follow, HSTS). Without these ~0.7 kB a
 * first screen of 60-odd files crossed 40 kB less of headers (docs/security/sessions-and-headers.md).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** A page's references to the build's own files: `src`/`href` values naming something under `assets/`. */
const ASSET_REFERENCE = /(?:src|href)="[^"]*?\/(assets\/[^"?#]+)"/g;

/**
 * The assets the build's pages name that are not in the build. A page whose script is missing stays at "Loading…"
 * for every visitor: this happened when two builds ran at once in one checkout and one's clean-up removed the other's
 * files, leaving only their .br/.gz copies (the build now publishes whole: scripts/build-if-changed.mjs).
 */
export function missingAssets(root: string, pages: Iterable<string>): string[] {
  const missing = new Set<string>();
  for (const page of pages) {
    for (const match of readFileSync(resolve(root, page), 'utf8').matchAll(ASSET_REFERENCE)) {
      const asset = match[1] as string;
      if (!existsSync(resolve(root, asset))) missing.add(`${page} → ${asset}`);
    }
  }
  return [...missing];
}

/**
 * Serves the built SPA under the base path. Hashed assets are cached for a year; the login paths get login.html and
 * every other page path index.html (both never cached) so client-side routes survive a reload. API paths never fall
 * back to the SPA.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each text file (scripts/precompress.mjs):
 * `preCompressed` sends the best one the request's Accept-Encoding allows, with Content-Encoding and
 * `Vary: Accept-Encoding`, and the plain file when there is no copy (small files, images) or none is accepted. The
 * deep-link fallback goes through the same path, so index.html is compressed too.
 *
 * A build whose pages name assets it does not hold is refused (missingAssets): the server does not start.
 */
export async function registerSpa(app: FastifyInstance, opts: { webDist: string; basePath: string }) {
  const root = resolve(opts.webDist);
  const indexFile = resolve(root, 'index.html');
  // Judged on the path inside the build: WEB_DIST itself may sit under some other folder called assets.
  const assetsDir = resolve(root, 'assets') + sep;
  const hasSpa = existsSync(indexFile);
  // A build without the login page (an older one) still serves the login paths from the SPA.
  const hasLoginPage = existsSync(resolve(root, 'login.html'));
  const pages = new Set(hasSpa ? readdirSync(root).filter((name) => name.endsWith('.html')) : []);
  // Refuse to start on a broken build rather than serve pages that never load.
  const missing = missingAssets(root, pages);
  if (missing.length > 0) {
    throw new Error(
      `The web build in ${root} is incomplete: its pages name files that are not there (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}). ` +
        'Rebuild it with `node scripts/build-if-changed.mjs --force` (or `npm run build`), then start again.',
    );
  }
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      prefix: `${opts.basePath}/`,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are chosen by content negotiation, never addressed by their own URLs.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => {
        if (!path.startsWith(assetsDir)) {
          reply.header('cache-control', 'no-cache');
          return;
        }
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  app.get('/', (_request, reply) => reply.redirect(`${opts.basePath}/`));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const inside = path === opts.basePath || path.startsWith(`${opts.basePath}/`);
    const below = path.slice(opts.basePath.length);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && inside && !API_PATH.test(below);
    const inSiteLanguage = isPage ? pathInSiteLanguage(below, request) : null;
    if (inSiteLanguage !== null) {
      const query = request.url.slice(path.length);
      return reply
        .header('cache-control', 'no-cache')
        .redirect(`${opts.basePath}${inSiteLanguage}${query}`, 302);
    }
    if (hasSpa && isPage) {
      const login = hasLoginPage && isLoginPage(below, request);
      return reply
        .code(login || isSpaRoute(below) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile(pageFile(login ? 'login' : 'index', below, pages), root);
    }
    return replyError(request, reply, 404, 'errors.notFound');
  });
}
