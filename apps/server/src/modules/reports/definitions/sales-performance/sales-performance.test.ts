import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import { runList } from '../../../../lists/index.js';
import { openDemoDatabase } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import { applicationScopes, type ScopedFacts, VARIANTS } from '../../testing/application-facts.js';
import { cents } from '../../testing/decimals.js';
import { criteriaOf, expectOnlyAllowlistedSorts, reportRows } from '../../testing/report-rows.js';
import { newBusinessStatusServerReport } from '../new-business-status/definition.js';
import { salesPerformanceServerReport } from './definition.js';

/*
 * Report 4 (sales performance) on the demo data: its lines add up to report 3's rows for the same form, it pages
 * as it exports, never adds currencies, and only allowlisted sorts pass the contract.
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
const report4 = salesPerformanceServerReport as unknown as ServerReportDefinition;

const scopeFor = (code: string) => (scoped[code] as ScopedFacts).scope;

describe('report 4, sales performance', () => {
  type Line = {
    lineKey: string;
    consultant: string;
    currency: string;
    submitted: number;
    pending: number;
    issued: number;
    cancelled: number;
    issuedModalPremium: string;
    issuedAnnualizedPremium: string;
  };
  type Detail = {
    consultant: string;
    currency: string;
    stage: number;
    modalPremium: string | null;
    annualizedPremium: string | null;
  };

  it("adds up, line by line, to report 3's rows for the same form", async () => {
    for (const code of ['A1001', 'A1004', 'I1001']) {
      for (const variant of [{}, ...VARIANTS]) {
        const lines = await reportRows<Line>(db, report4, scopeFor(code), { ...variant });
        const details = await reportRows<Detail>(db, report3, scopeFor(code), { ...variant });
        const expected = new Map<
          string,
          Omit<Line, 'lineKey' | 'issuedModalPremium' | 'issuedAnnualizedPremium'> & {
            modal: bigint;
            annualized: bigint;
          }
        >();
        for (const d of details) {
          const key = `${d.consultant}|${d.currency}`;
          const e = expected.get(key) ?? {
            consultant: d.consultant,
            currency: d.currency,
            submitted: 0,
            pending: 0,
            issued: 0,
            cancelled: 0,
            modal: 0n,
            annualized: 0n,
          };
          e.submitted++;
          if (d.stage === 8) e.cancelled++;
          else if (d.stage >= 6) {
            e.issued++;
            e.modal += cents(d.modalPremium);
            e.annualized += cents(d.annualizedPremium);
          } else e.pending++;
          expected.set(key, e);
        }
        const label = `${code} ${JSON.stringify(variant)}`;
        expect(lines.length, label).toBe(expected.size);
        for (const line of lines) {
          const e = expected.get(`${line.consultant}|${line.currency}`);
          expect(e, label).toBeDefined();
          expect(
            {
              submitted: line.submitted,
              pending: line.pending,
              issued: line.issued,
              cancelled: line.cancelled,
              modal: cents(line.issuedModalPremium),
              annualized: cents(line.issuedAnnualizedPremium),
            },
            label,
          ).toEqual({
            submitted: e?.submitted,
            pending: e?.pending,
            issued: e?.issued,
            cancelled: e?.cancelled,
            modal: e?.modal,
            annualized: e?.annualized,
          });
          expect(line.pending + line.issued + line.cancelled).toBe(line.submitted);
        }
      }
    }
  });

  it('pages exactly as it exports, in every sort', async () => {
    const scope = scopeFor('A1001');
    for (const sortField of report4.contract.sortFields) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const input = { sortField, sortOrder };
        const exported = await reportRows<Line>(db, report4, scope, input);
        expect(exported.length).toBeGreaterThan(10);
        const paged: Line[] = [];
        for (let page = 1; paged.length < exported.length + 1; page++) {
          const result = await runList(
            db,
            report4,
            scope,
            criteriaOf(report4, { ...input, page, sizePerPage: 10 }),
            'en',
          );
          paged.push(...(result.items as Line[]));
          expect(result.totalSize).toBe(exported.length);
          if (result.items.length < 10) break;
        }
        expect(paged).toEqual(exported);
      }
    }
  });

  it('never adds different currencies: one line per consultant and currency', async () => {
    const lines = await reportRows<Line>(db, report4, scopeFor('A1001'));
    const keys = lines.map((l) => `${l.consultant}|${l.currency}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(lines.map((l) => l.currency)).size).toBeGreaterThan(2);
  });

  it('accepts every allowlisted sort field in both orders and refuses any other', async () => {
    await expectOnlyAllowlistedSorts(db, report4, scopeFor('A1001'));
  });
});
