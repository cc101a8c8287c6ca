import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_DEFINITIONS, REPORT_TYPES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { reportSlug } from './report-file-name.js';
import { SERVER_REPORTS } from './server-report-registry.js';

const DEFINITIONS = join(import.meta.dirname, 'definitions');
const CONTRACT_DEFINITIONS = join(
  import.meta.dirname,
  '../../../../../packages/contract/src/reports/definitions',
);

describe('registry', () => {
  it('has a server report over the contract definition of every report type', () => {
    for (const type of REPORT_TYPES) {
      expect(SERVER_REPORTS[type]?.contract, String(type)).toBe(REPORT_DEFINITIONS[type]);
    }
  });

  it('names each report by its contract key: one folder with its definition and its test, as in the contract', () => {
    const slugs = REPORT_TYPES.map(reportSlug);
    expect(readdirSync(DEFINITIONS).sort()).toEqual([...slugs].sort());
    for (const slug of slugs) {
      expect(existsSync(join(DEFINITIONS, slug, 'definition.ts')), slug).toBe(true);
      expect(existsSync(join(DEFINITIONS, slug, `${slug}.test.ts`)), slug).toBe(true);
      expect(existsSync(join(CONTRACT_DEFINITIONS, `${slug}.ts`)), slug).toBe(true);
    }
  });
});
