import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { ensureDemoData } from '../db/seed/demo.js';
import { prepareJobSchema } from '../jobs/queue.js';
import { adminQuery, databaseUrl, engineUnderTest, TEST_DB_PREFIX } from './engines.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** pglite: path of a data-directory tarball; postgres: name of a template database. */
    dbTemplate: string;
  }
}

/**
 * Migrates and seeds ONE database per run, then every test file starts from a copy of it: fast, isolated, and the
 * same demo data the portal ships with. The job queue's schema is installed too, as main.ts does before the app
 * starts (jobs/queue.ts), so no test file pays for pg-boss' install again.
 */
export default async function setup(project: TestProject) {
  // Global setup runs in the main process, which does not see a project's `env`: read the engine from the project.
  const engine = project.config.env?.TEST_DB_ENGINE === 'postgres' ? 'postgres' : engineUnderTest();
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await prepareJobSchema(database);
    await ensureDemoData(database.db);
    if (!database.dumpDataDir) throw new Error('PGlite database cannot dump its data directory');
    const dump = await database.dumpDataDir();
    const file = join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('dbTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_ENGINE=postgres needs DATABASE_URL');
  const template = `${TEST_DB_PREFIX}tmpl_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${template}`);
  const database = await openDatabase({ url: databaseUrl(baseUrl, template), poolSize: 2 });
  await database.migrate();
  await prepareJobSchema(database);
  await ensureDemoData(database.db);
  await database.close();
  project.provide('dbTemplate', template);
  return async () => {
    await adminQuery(baseUrl, `drop database if exists ${template} with (force)`);
  };
}
