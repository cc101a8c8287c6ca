import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSpaRoute } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { replyError } from './errors.js';

/** `/api/...` (a language segment forgotten) and `/{anything}/api/...` are API paths: a JSON 404, never the SPA. */
const API_PATH = /^\/([^/]+\/)?api(\/|$)/;

/**
 * Serves the built SPA under the base path. Hashed assets are cached for a year; the SPA's own routes
 * (`SPA_ROUTE_PATTERNS` in the contract) get index.html (never cached) so client-side routes survive a reload.
 * Any other page path gets index.html too, but with status 404: the SPA then shows its Page Not Found in the
 * path's language, and scanners and crawlers see a real 404 instead of a soft one. API paths never fall back to the
 * SPA: they answer a JSON 404 in the request's language.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each text file (scripts/precompress.mjs):
 * `preCompressed` sends the best one the request's Accept-Encoding allows, with Content-Encoding and
 * `Vary: Accept-Encoding`, and the plain file when there is no copy (small files, images) or none is accepted. The
 * deep-link fallback goes through the same path, so index.html is compressed too.
 */
export async function registerSpa(app: FastifyInstance, opts: { webDist: string; basePath: string }) {
  const root = resolve(opts.webDist);
  const indexFile = resolve(root, 'index.html');
  // Judged on the path inside the build: WEB_DIST itself may sit under some other folder called assets.
  const assetsDir = resolve(root, 'assets') + sep;
  const hasSpa = existsSync(indexFile);
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
        reply.header(
          'cache-control',
          path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/', (_request, reply) => reply.redirect(`${opts.basePath}/`));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const inside = path === opts.basePath || path.startsWith(`${opts.basePath}/`);
    const below = path.slice(opts.basePath.length);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && inside && !API_PATH.test(below);
    if (hasSpa && isPage) {
      return reply
        .code(isSpaRoute(below) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile('index.html', root);
    }
    return replyError(request, reply, 404, 'errors.notFound');
  });
}
