import { hongKongToday } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import { openDemoDatabase } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import {
  type ApplicationFact,
  applicationScopes,
  passes,
  type ScopedFacts,
  THIS_YEAR,
  VARIANTS,
} from '../../testing/application-facts.js';
import { cents } from '../../testing/decimals.js';
import { expectOnlyAllowlistedSorts, reportRows } from '../../testing/report-rows.js';
import { newBusinessStatusServerReport } from './definition.js';

/*
 * Report 3 (new business status) on the demo data: every filter changes the rows as its documented meaning says
 * (expected rows are recomputed from the tables in TypeScript, testing/application-facts.ts), the team scope holds,
 * and only allowlisted sorts pass the contract. Reports 2, 4 and 5 read the same applications
 * (shared/application-report-sql.ts); their tests use the same facts.
 */

let db: Db;
let close: () => Promise<void>;
let scoped: Record<string, ScopedFacts>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  scoped = await applicationScopes(db);
});
afterAll(() => close());

const report3 = newBusinessStatusServerReport as unknown as ServerReportDefinition;

const scopeFor = (code: string) => (scoped[code] as ScopedFacts).scope;
const factsFor = (code: string) => (scoped[code] as ScopedFacts).facts;
const ids = (items: { caaId: number }[]) => items.map((i) => i.caaId).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('report 3, new business status', () => {
  it('lists exactly the scope applications each filter selects', async () => {
    for (const code of ['A1001', 'I1001']) {
      const all = factsFor(code);
      const unfiltered = ids(await reportRows(db, report3, scopeFor(code)));
      expect(unfiltered).toEqual(sorted(all.map((f) => f.id)));
      for (const variant of VARIANTS) {
        const expected = sorted(all.filter((f) => passes(f, variant)).map((f) => f.id));
        const got = ids(await reportRows(db, report3, scopeFor(code), { ...variant }));
        expect(got, `${code} ${JSON.stringify(variant)}`).toEqual(expected);
        if (code === 'A1001') {
          expect(got.length, JSON.stringify(variant)).toBeGreaterThan(0);
          expect(got.length, JSON.stringify(variant)).toBeLessThan(unfiltered.length);
        }
      }
    }
  });

  it("prints the annualized premium as modal premium × payments a year, and the stage's age", async () => {
    type Row = {
      caaId: number;
      modalPremium: string | null;
      annualizedPremium: string | null;
      paymentFrequency: string | null;
      stageSince: string | null;
      daysInStage: number | null;
    };
    const rows = await reportRows<Row>(db, report3, scopeFor('A1001'), {});
    const byId = new Map(factsFor('A1001').map((f) => [f.id, f]));
    const perYear: Record<string, bigint> = { M: 12n, Q: 4n, H: 2n, A: 1n, S: 1n };
    let checked = 0;
    for (const row of rows) {
      const fact = byId.get(row.caaId) as ApplicationFact;
      const factor = fact.frequency ? perYear[fact.frequency] : undefined;
      if (fact.modalPremium === null || factor === undefined) {
        expect(row.annualizedPremium).toBeNull();
        continue;
      }
      expect(cents(row.annualizedPremium)).toBe(cents(fact.modalPremium) * factor);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
    const today = hongKongToday(new Date());
    const aged = rows.filter((r) => r.stageSince !== null);
    expect(aged.length).toBeGreaterThan(50);
    for (const row of aged) {
      const days = (Date.parse(today) - Date.parse(row.stageSince as string)) / 86_400_000;
      expect(row.daysInStage).toBe(days);
    }
  });

  it('shows a sub-partner none of the partner’s own applications', async () => {
    const partnerId = scopeFor('A1001').producerId;
    const partnerOwn = new Set(
      factsFor('A1001')
        .filter((f) => f.producerId === partnerId)
        .map((f) => f.id),
    );
    expect(partnerOwn.size).toBeGreaterThan(0);
    const sub = ids(await reportRows(db, report3, scopeFor('A1002'), {}));
    expect(sub.length).toBeGreaterThan(0);
    expect(sub.filter((id) => partnerOwn.has(id))).toEqual([]);
    expect(sub).toEqual(sorted(factsFor('A1002').map((f) => f.id)));
    // includedTeam false: the producer's own applications only.
    const alone = ids(
      await reportRows(db, report3, { ...scopeFor('A1002'), includedTeam: false }, THIS_YEAR),
    );
    const ownId = scopeFor('A1002').producerId;
    expect(alone).toEqual(
      sorted(
        factsFor('A1002')
          .filter((f) => f.producerId === ownId && passes(f, THIS_YEAR))
          .map((f) => f.id),
      ),
    );
  });

  it('accepts every allowlisted sort field in both orders and refuses any other', async () => {
    await expectOnlyAllowlistedSorts(db, report3, scopeFor('A1001'));
  });

  it('orders report 3 by the requested field, the id breaking ties', async () => {
    type Row = { caaId: number; modalPremium: string | null; receivedDate: string };
    const rows = await reportRows<Row>(db, report3, scopeFor('A1004'), {
      sortField: 'receivedDate',
      sortOrder: 'asc',
    });
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1] as Row, rows[i] as Row];
      expect(
        a.receivedDate < b.receivedDate || (a.receivedDate === b.receivedDate && a.caaId < b.caaId),
      ).toBe(true);
    }
  });
});
