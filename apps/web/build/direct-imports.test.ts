import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBarrel, rewriteImport } from './direct-imports';

const BARREL = '/pkg/esm/index.mjs';
const SOURCE = [
  'import { Box } from "./core/Box/Box.mjs";',
  'import { em, rem } from "./core/utils/rem.mjs";',
  'import { transitions } from "./components/Transition/transitions.mjs";',
  'import { RemoveScroll } from "react-remove-scroll";',
  'export { Box, RemoveScroll, em, rem, transitions as MANTINE_TRANSITIONS };',
].join('\n');

describe('readBarrel', () => {
  it('maps each exported name to the module that defines it and its name there', () => {
    const barrel = readBarrel(BARREL, SOURCE);
    expect(barrel.get('Box')).toEqual({ file: '/pkg/esm/core/Box/Box.mjs', imported: 'Box' });
    expect(barrel.get('rem')).toEqual({ file: '/pkg/esm/core/utils/rem.mjs', imported: 'rem' });
    expect(barrel.get('MANTINE_TRANSITIONS')).toEqual({
      file: '/pkg/esm/components/Transition/transitions.mjs',
      imported: 'transitions',
    });
    // A package the barrel re-exports stays a package import.
    expect(barrel.get('RemoveScroll')).toEqual({ file: 'react-remove-scroll', imported: 'RemoveScroll' });
    expect(barrel.has('transitions')).toBe(false);
  });
});

describe('rewriteImport', () => {
  const barrel = readBarrel(BARREL, SOURCE);

  it('imports each name from its own module, keeping the local names', () => {
    expect(rewriteImport(' Box, rem as toRem, MANTINE_TRANSITIONS ', barrel)).toBe(
      [
        'import { Box as Box } from "/pkg/esm/core/Box/Box.mjs";',
        'import { rem as toRem } from "/pkg/esm/core/utils/rem.mjs";',
        'import { transitions as MANTINE_TRANSITIONS } from "/pkg/esm/components/Transition/transitions.mjs";',
      ].join('\n'),
    );
  });

  it('leaves a statement with an unknown name alone (null), so nothing is ever imported from the wrong place', () => {
    expect(rewriteImport('Box, Unknown', barrel)).toBeNull();
  });
});

/** node_modules as installed, found upwards from the working directory (jsdom gives no file URL to start from). */
function installedPackage(name: string): string {
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed`);
  }
}

describe('the installed Mantine barrels', () => {
  it.each(['core', 'hooks', 'notifications', 'dates'])(
    '@mantine/%s: every exported name resolves to a module that exists',
    (pkg) => {
      const file = join(installedPackage(`@mantine/${pkg}`), 'esm/index.mjs');
      const source = readFileSync(file, 'utf8');
      const barrel = readBarrel(file, source);
      const exported = [...source.matchAll(/^export\s*\{([^}]*)\}/gm)]
        .flatMap((match) => (match[1] ?? '').split(','))
        .map((part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop(),
        )
        .filter(Boolean);
      // A release that changes the barrel's form makes this fail rather than quietly keeping the barrel.
      expect(exported.length).toBeGreaterThan(pkg === 'notifications' ? 5 : 40);
      expect([...barrel.keys()].sort()).toEqual([...new Set(exported)].sort());
      for (const { file: target } of barrel.values()) {
        if (target.startsWith('/')) expect(existsSync(target), target).toBe(true);
      }
    },
  );
});
