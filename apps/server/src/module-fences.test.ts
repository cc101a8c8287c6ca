import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The server's module fences (biome.json, docs/architecture.md "Boundaries"): code outside a module, and other
 * modules, use it only through its index.ts. The lint rule is proven on fixture files laid out like the server, in a
 * copy of the repository's biome.json: each import below must be refused or let through as marked.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const MODULES = join(ROOT, 'apps/server/src/modules');

const CASES: { file: string; from: string; refused: boolean }[] = [
  // Another module's internals, from a module's top, a nested folder, and a deeper one.
  { file: 'modules/reports/probe.ts', from: '../producer-lists/search-list.js', refused: true },
  {
    file: 'modules/reports/export-jobs/probe.ts',
    from: '../../producer-lists/search-list.js',
    refused: true,
  },
  { file: 'modules/reports/a/b/probe.ts', from: '../../../auth/lockout.js', refused: true },
  // Another module's index, one's own files, and the shared layers.
  { file: 'modules/reports/probe.ts', from: '../producer-lists/index.js', refused: false },
  { file: 'modules/reports/export-jobs/probe.ts', from: '../report-request.js', refused: false },
  { file: 'modules/reports/export-jobs/probe.ts', from: '../../../db/client.js', refused: false },
  { file: 'modules/reports/probe.ts', from: '../module-options.js', refused: false },
  // Code outside the modules, and the module registry.
  { file: 'maintenance/probe.ts', from: '../modules/auth/lockout.js', refused: true },
  { file: 'db/seed/probe.ts', from: '../../modules/auth/passwords.js', refused: true },
  { file: 'maintenance/probe.ts', from: '../modules/auth/index.js', refused: false },
  { file: 'modules/probe.ts', from: './auth/routes.js', refused: true },
  { file: 'modules/probe.ts', from: './auth/index.js', refused: false },
];

const work = mkdtempSync(join(tmpdir(), 'module-fences-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('server module fences', () => {
  it('every module has a public index.ts', () => {
    const modules = readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(modules.length).toBeGreaterThan(10);
    for (const module of modules) expect(readdirSync(join(MODULES, module.name))).toContain('index.ts');
  });

  it('the lint rule refuses imports of another module’s internals, and only those', async () => {
    // The repository's rules, in a folder that is not a git checkout (no ignore file to read).
    const config = readFileSync(join(ROOT, 'biome.json'), 'utf8').replace(
      '"enabled": true',
      '"enabled": false',
    );
    writeFileSync(join(work, 'biome.json'), config);
    const files = CASES.map((c, i) => {
      const file = join(work, 'apps/server/src', c.file.replace('probe.ts', `probe-${i}.ts`));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `import { value } from '${c.from}';\n\nexport const probe = value;\n`);
      return file;
    });
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/biome'),
      ['lint', '--reporter=json', '--max-diagnostics=none', ...files],
      { cwd: work },
    ).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    const report = JSON.parse(stdout) as { diagnostics: { category: string; location: { path: string } }[] };
    const fenced = new Set(
      report.diagnostics
        .filter((d) => d.category === 'lint/style/noRestrictedImports')
        .map((d) => resolve(work, d.location.path)),
    );
    expect(CASES.map((c, i) => ({ ...c, refused: fenced.has(files[i] as string) }))).toEqual(CASES);
  });
});
