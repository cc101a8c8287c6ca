import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import pg from 'pg';
import type { CapturedStatement } from '../capture-sql.js';

/*
 * The floor the portal is compared with, in a process of its own: bare Fastify (no plugins, no hooks, no schemas,
 * no logger) answering what the portal answers, with nothing else to do.
 *   GET /bare/json          the JSON /site_info answered (captured from the portal at the start of the run)
 *   GET /bare/me            the JSON /me answered to a signed-in client
 *   GET /bare/html/:bytes   a static HTML page of exactly that many bytes (built once per size)
 *   GET /bare/plans         /b2c/plans's SQL, as node-postgres named (prepared) statements, rows as JSON
 *   GET /bare/plan_detail   the plan detail's SQL, the same way
 *   GET /react/             the bare React page (BARE_REACT_ROOT), precompressed
 * Started by bench/run.ts with BARE_FIXTURES (a JSON file: siteInfo, me, and the captured statements) and, on
 * PostgreSQL, DATABASE_URL.
 */

export interface BareFixtures {
  siteInfo: unknown;
  me: unknown;
  statements?: { plans: CapturedStatement[]; planDetail: CapturedStatement[] };
}

/** A valid HTML page of exactly `bytes` bytes (ASCII filler inside one paragraph). */
export function htmlOfSize(bytes: number): string {
  const head =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title></head><body><p>';
  const tail = '</p></body></html>';
  const filler = Math.max(0, bytes - head.length - tail.length);
  return head + 'lorem ipsum dolor sit amet '.repeat(Math.ceil(filler / 27)).slice(0, filler) + tail;
}

async function main() {
  const fixturesFile = process.env.BARE_FIXTURES;
  if (!fixturesFile) throw new Error('BARE_FIXTURES is not set');
  const fixtures = JSON.parse(readFileSync(fixturesFile, 'utf8')) as BareFixtures;
  const app = Fastify({ logger: false });
  // Same size as the portal's pool (DB_POOL_MAX, 10 by default), so neither side has more connections to queue on.
  // plan_cache_mode stays at its default: these are point lookups for one client, and after five runs a named
  // statement's generic plan saves the ~1.8 ms of planning per statement that the portal pays today. That is the
  // floor a prepared portal can reach (unlike the producer lists, whose generic plans were slower: performance.md).
  const pool = process.env.DATABASE_URL
    ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) })
    : null;

  app.get('/readyz', async () => ({ status: 'ok' }));
  // The bare React page (bench/baselines/bare-react, built and precompressed by bench/cases/spa.ts), served as the
  // portal serves its SPA: precompressed files, hashed assets cached for a year.
  const reactRoot = process.env.BARE_REACT_ROOT;
  if (reactRoot) {
    await app.register(fastifyStatic, {
      root: reactRoot,
      prefix: '/react/',
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/bare/json', async () => fixtures.siteInfo);
  app.get('/bare/me', async () => fixtures.me);

  const pages = new Map<number, string>();
  app.get<{ Params: { bytes: string } }>('/bare/html/:bytes', async (request, reply) => {
    const bytes = Number(request.params.bytes);
    if (!Number.isInteger(bytes) || bytes < 0 || bytes > 50_000_000) return reply.code(400).send();
    let page = pages.get(bytes);
    if (page === undefined) {
      page = htmlOfSize(bytes);
      pages.set(bytes, page);
    }
    return reply.header('content-type', 'text/html; charset=utf-8').send(page);
  });

  /**
   * The captured statements round trip by round trip, as the portal sent them (bench/capture-sql.ts): a stage's
   * statements at once, the next stage after their answers. The plan detail, for one: its access check, then six
   * reads together, then the statement history's second query, which needs the first one's account id.
   */
  const replay = async (name: string, statements: CapturedStatement[]) => {
    if (!pool) throw new Error('the SQL baselines need DATABASE_URL');
    const rows: unknown[][] = [];
    const last = Math.max(...statements.map((s) => s.stage));
    for (let stage = 0; stage <= last; stage++) {
      const results = await Promise.all(
        statements.map((statement, i) =>
          statement.stage === stage
            ? pool.query({ name: `${name}_${i}`, text: statement.text, values: statement.params })
            : null,
        ),
      );
      results.forEach((result, i) => {
        if (result) rows[i] = result.rows;
      });
    }
    return rows;
  };
  const statements = fixtures.statements;
  if (statements) {
    app.get('/bare/plans', async () => ({ data: (await replay('bare_plans', statements.plans))[0] }));
    app.get('/bare/plan_detail', async () => ({
      results: await replay('bare_detail', statements.planDetail),
    }));
  }

  const close = async () => {
    await app.close();
    await pool?.end();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
