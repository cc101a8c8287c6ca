import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
const root = resolve(import.meta.dirname, '..');
/** The e2e server's data folder (PGlite and mail outbox); set E2E_DATA_DIR to run two suites side by side. */
export const E2E_DATA_DIR = resolve(root, process.env.E2E_DATA_DIR ?? '.tmp/e2e');
// Regular expressions on the absolute path: a glob such as 'a11y/**' would also match a checkout folder named a11y.
const A11Y_SPECS = /[\\/]e2e[\\/]a11y[\\/][^\\/]+\.spec\.ts$/;
const A11Y_COVERAGE = /[\\/]e2e[\\/]a11y[\\/]route-coverage\.spec\.ts$/;

/**
 * Browser tests drive Debian's Chromium against the built SPA served by the real server on a fresh PGlite database
 * with the demo data: exactly what `npm start` gives a person, the compiled server bundle included (built here when
 * the sources changed since the last build, scripts/build-if-changed.mjs). Each site is its own host (*.localhost
 * resolves to loopback in Chromium).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: resolve(root, 'test-results'),
  // The client tests that open statements and files in new windows ran close to 30 s on the 2-core CI machine once
  // PDFs render in a worker thread beside the two browsers (decision 015); the budget is per test, not a speed target.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // One browser per core (2 on the CI machine), beside the one server they share; E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: resolve(root, 'playwright-report') }]],
  use: {
    baseURL: `http://afs.localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: A11Y_SPECS },
    // The accessibility specs, and after them the check that they visited every route (route-coverage.spec.ts).
    // A dependency project runs whole whatever the command line filters: the check always sees every a11y spec.
    {
      name: 'a11y',
      use: { browserName: 'chromium' },
      testMatch: A11Y_SPECS,
      testIgnore: A11Y_COVERAGE,
    },
    { name: 'a11y-coverage', testMatch: A11Y_COVERAGE, dependencies: ['a11y'] },
  ],
  webServer: {
    command: `rm -rf '${E2E_DATA_DIR}' && node scripts/build-if-changed.mjs && node apps/server/dist/main.js`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: '',

      LOG_LEVEL: 'warn',
    },
  },
});
