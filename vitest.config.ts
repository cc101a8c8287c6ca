import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests whose engine does not change what they prove, run on PostgreSQL only when it is there (CI), on PGlite
 * otherwise, never twice (decision 040):
 * - the authorization matrix and the fuzzers: access checks and input validation are decided before any SQL, and a
 *   500 from a query they provoke would show on either engine; PostgreSQL is the stricter of the two;
 * - the seed and scale tests: they check the data the generators make, not the engine; the demo seed still runs
 *   on PGlite in every run (global-setup.ts builds the PGlite template with it);
 * - the data-converting migration tests: the same SQL on both, and every migration still runs on PGlite in every
 *   run (global-setup.ts).
 */
export const POSTGRES_ONLY_WHEN_AVAILABLE = [
  'src/testing/authorization-matrix/**/*.test.ts',
  'src/security/endpoint-fuzz.test.ts',
  'src/security/fuzz-findings.test.ts',
  'src/db/seed/**/*.test.ts',
  'src/db/migrations.test.ts',
  'src/db/*-migration.test.ts',
  // Renders every demo statement and reconciles its printed figures: what it proves is the arithmetic on the page;
  // the queries that load a statement run on both engines in statements.test.ts.
  'src/modules/statements/statement-reconciliation.test.ts',
];

/**
 * Server tests that open no database at all (pure functions, renderers, file helpers), or that test PGlite itself:
 * they run in the PGlite project only, since the engine under test means nothing to them.
 */
export const ENGINE_FREE = [
  'src/modules/auth/password-policy.test.ts',
  'src/modules/auth/passwords.test.ts',
  'src/modules/reports/report-file-name.test.ts',
  'src/modules/reports/server-report-registry.test.ts',
  'src/modules/producer-lists/short-keywords.test.ts',
  'src/production-build.test.ts',
  'src/render-pool/fair-queue.test.ts',
  'src/exports/cells.test.ts',
  'src/exports/quote-prefix.test.ts',
  'src/mail/mail.test.ts',
  'src/files/send-file.test.ts',
  'src/render/*.test.ts',
  'src/db/lane.test.ts',
  'src/db/pglite-query.test.ts',
  'src/observability/trace-sampling.test.ts',
  'src/plugins/query-string.test.ts',
  'src/plugins/session/session-cache.test.ts',
];

const withPostgres = Boolean(process.env.DATABASE_URL);

// Server integration tests run once on embedded PGlite and, when DATABASE_URL points at a PostgreSQL server,
// once more there: the same tests, the same assertions, two real engines (but for the list above).
const serverProject = (name: string, engine: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    // *.postgres.test.ts need a PostgreSQL server (connections to lose, a server to restart): not for PGlite.
    // *.load.postgres.test.ts compare one user's timings with idle: they run alone, after everything else.
    exclude:
      engine === 'pglite'
        ? ['src/**/*.postgres.test.ts', ...(withPostgres ? POSTGRES_ONLY_WHEN_AVAILABLE : [])]
        : ['src/**/*.load.postgres.test.ts', ...ENGINE_FREE],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
    // One worker per core (vitest's default leaves one core idle): a server test spends much of its time waiting on
    // its database, so two workers on two cores keep both busy.
    maxWorkers: availableParallelism(),
    // Test files share a process and its loaded modules (each still opens its own database copy and app): loading
    // the server's modules again for every file was a quarter of the server tests' time.
    isolate: false,
    sequence: { groupOrder: 0 },
  },
});

/**
 * The load tests (one heavy user against a light one, a process killed mid-export): their ratios to idle mean
 * something only when no other test file shares the two cores, so they run one file at a time once the rest is done.
 */
const loadProject = {
  test: {
    ...serverProject('server-pg-load', 'postgres').test,
    include: ['src/**/*.load.postgres.test.ts'],
    exclude: [],
    isolate: true,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      'apps/web/vitest.config.ts',
      serverProject('server', 'pglite'),
      ...(withPostgres ? [serverProject('server-pg', 'postgres'), loadProject] : []),
    ],
  },
});
