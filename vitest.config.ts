import { defineConfig } from 'vitest/config';

// Server integration tests run once on embedded PGlite and, when DATABASE_URL points at a PostgreSQL server,
// once more there: the same tests, the same assertions, two real engines.
const serverProject = (name: string, engine: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    // *.postgres.test.ts need a PostgreSQL server (connections to lose, a server to restart): not for PGlite.
    exclude: engine === 'pglite' ? ['src/**/*.postgres.test.ts'] : [],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/web/vitest.config.ts',
      serverProject('server', 'pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
    ],
  },
});
