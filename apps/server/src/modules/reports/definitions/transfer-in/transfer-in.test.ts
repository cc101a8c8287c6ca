import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import { openDemoDatabase } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import {
  applicationScopes,
  passes,
  type ScopedFacts,
  THIS_YEAR,
  VARIANTS,
} from '../../testing/application-facts.js';
import { expectOnlyAllowlistedSorts, reportRows } from '../../testing/report-rows.js';
import { transferInServerReport } from './definition.js';

/*
 * Report 5 (transfer in) on the demo data: every filter selects exactly the transfer-in applications it should
 * (recomputed from the tables, testing/application-facts.ts), and only allowlisted sorts pass the contract.
 */

let db: Db;
let close: () => Promise<void>;
let scoped: Record<string, ScopedFacts>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  scoped = await applicationScopes(db);
});
afterAll(() => close());

const report5 = transferInServerReport as unknown as ServerReportDefinition;

const scopeFor = (code: string) => (scoped[code] as ScopedFacts).scope;
const factsFor = (code: string) => (scoped[code] as ScopedFacts).facts;
const ids = (items: { caaId: number }[]) => items.map((i) => i.caaId).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('report 5, transfer in', () => {
  it('lists the transfer-in applications each filter selects', async () => {
    for (const code of ['A1001', 'A1002', 'A1004', 'I1001']) {
      const transfers = factsFor(code).filter((f) => f.action === 'TI');
      for (const variant of [{}, ...VARIANTS]) {
        const expected = sorted(transfers.filter((f) => passes(f, variant)).map((f) => f.id));
        const got = ids(await reportRows(db, report5, scopeFor(code), { ...variant }));
        expect(got, `${code} ${JSON.stringify(variant)}`).toEqual(expected);
      }
      const thisYear = await reportRows<{ transferFrom: string | null; transferAmount: string | null }>(
        db,
        report5,
        scopeFor(code),
        THIS_YEAR,
      );
      expect(thisYear.length, code).toBeGreaterThan(0);
      expect(thisYear.every((r) => r.transferFrom !== null)).toBe(true);
    }
  });

  it('accepts every allowlisted sort field in both orders and refuses any other', async () => {
    await expectOnlyAllowlistedSorts(db, report5, scopeFor('A1001'));
  });
});
