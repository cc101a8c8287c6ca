import { defineConfig } from 'vitest/config';

// Server integration tests run once on embedded PGlite and, when DATABASE_URL points at a PostgreSQL server,
// once more there: the same tests, the same assertions, two real engines.
const serverProject = (name: string, engine: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    // *.postgres.test.ts need a PostgreSQL server (connections to lose, a server to restart): not for PGlite.
    // *.load.postgres.test.ts compare one user's timings with idle: they run alone, after everything else.
    exclude: engine === 'pglite' ? ['src/**/*.postgres.test.ts'] : ['src/**/*.load.postgres.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
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
      ...(process.env.DATABASE_URL ? [serverProject('server-pg', 'postgres'), loadProject] : []),
    ],
  },
});
