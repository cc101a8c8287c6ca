import { hongKongToday, REPORT_DEFINITIONS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runList } from '../../lists/index.js';
import { openTestDatabase } from '../../testing/test-app.js';
import {
  type AnyReport,
  type ApplicationFact,
  applicationFacts,
  cents,
  criteriaOf,
  dateOf,
  type FactFilter,
  passes,
  reportRows,
  type ScopeOf,
  scopeOf,
} from './report-2-5-fixtures.js';
import { newClientServerReport } from './report-2-new-client.js';
import { newBusinessStatusServerReport } from './report-3-new-business-status.js';
import { salesPerformanceServerReport } from './report-4-sales-performance.js';
import { transferInServerReport } from './report-5-transfer-in.js';
import { SERVER_REPORTS } from './server-report-registry.js';

/*
 * Reports 2–5 on the demo data: every filter changes the rows as its documented meaning says (expected rows are
 * recomputed from the tables in TypeScript), the team scope holds, report 4 adds up to report 3's lines, and only
 * allowlisted sorts pass the contract.
 */

let db: Db;
let close: () => Promise<void>;
let drop: () => Promise<void>;
const scopes: Record<string, ScopeOf> = {};
const facts: Record<string, ApplicationFact[]> = {};

const report2 = newClientServerReport as unknown as AnyReport;
const report3 = newBusinessStatusServerReport as unknown as AnyReport;
const report4 = salesPerformanceServerReport as unknown as AnyReport;
const report5 = transferInServerReport as unknown as AnyReport;

const PRODUCERS = [
  ['A1001', 'afs'],
  ['A1002', 'afs'],
  ['A1004', 'afs'],
  ['I1001', 'ipc'],
  ['B1001', 'absg'],
] as const;

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  drop = opened.drop;
  close = () => opened.database.close();
  for (const [code, site] of PRODUCERS) {
    scopes[code] = await scopeOf(db, code, site);
    facts[code] = await applicationFacts(db, (scopes[code] as ScopeOf).producerIds);
  }
});
afterAll(async () => {
  await close();
  await drop();
});

const THIS_YEAR = { dateFrom: '2026-01-01', dateTo: '2026-06-30' };

/** Filter variants; each must select a different set of rows than no filter at all (checked below). */
const VARIANTS: FactFilter[] = [
  { dateType: 'APPL', ...THIS_YEAR },
  { dateType: 'APPLSENT', dateFrom: '2025-01-01', dateTo: '2026-06-30' },
  { dateType: 'POLICY', dateFrom: '2020-01-01', dateTo: '2022-12-31' },
  { dateFrom: '2024-01-01' },
  { excludeStatus: ['CAN', 'LAP', 'COF'] },
  { status: 'INF' },
  { status: 'AIP' },
  { productType: 'MPF' },
  { productType: 'IN', excludeStatus: ['LAP'], dateType: 'POLICY', dateFrom: '2015-01-01' },
];

const scopeFor = (code: string) => (scopes[code] as ScopeOf).scope;
const factsFor = (code: string) => facts[code] as ApplicationFact[];
const ids = (items: { caaId: number }[]) => items.map((i) => i.caaId).sort((a, b) => a - b);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('registry', () => {
  it('has the four server reports over the contract definitions of their types', () => {
    for (const type of [2, 3, 4, 5] as const) {
      expect(SERVER_REPORTS[type]?.contract).toBe(REPORT_DEFINITIONS[type]);
    }
  });
});

describe('report 3, new business status', () => {
  it('lists exactly the scope applications each filter selects', async () => {
    for (const code of ['A1001', 'I1001']) {
      const all = factsFor(code);
      const unfiltered = ids(await reportRows(db, report3, 3, scopeFor(code)));
      expect(unfiltered).toEqual(sorted(all.map((f) => f.id)));
      for (const variant of VARIANTS) {
        const expected = sorted(all.filter((f) => passes(f, variant)).map((f) => f.id));
        const got = ids(await reportRows(db, report3, 3, scopeFor(code), { ...variant }));
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
    const rows = await reportRows<Row>(db, report3, 3, scopeFor('A1001'), {});
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
    const sub = ids(await reportRows(db, report3, 3, scopeFor('A1002'), {}));
    expect(sub.length).toBeGreaterThan(0);
    expect(sub.filter((id) => partnerOwn.has(id))).toEqual([]);
    expect(sub).toEqual(sorted(factsFor('A1002').map((f) => f.id)));
    // includedTeam false: the producer's own applications only.
    const alone = ids(
      await reportRows(db, report3, 3, { ...scopeFor('A1002'), includedTeam: false }, THIS_YEAR),
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
});

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
        const lines = await reportRows<Line>(db, report4, 4, scopeFor(code), { ...variant });
        const details = await reportRows<Detail>(db, report3, 3, scopeFor(code), { ...variant });
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
        const exported = await reportRows<Line>(db, report4, 4, scope, input);
        expect(exported.length).toBeGreaterThan(10);
        const paged: Line[] = [];
        for (let page = 1; paged.length < exported.length + 1; page++) {
          const result = await runList(
            db,
            report4,
            scope,
            criteriaOf(report4, 4, { ...input, page, sizePerPage: 10 }),
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
    const lines = await reportRows<Line>(db, report4, 4, scopeFor('A1001'));
    const keys = lines.map((l) => `${l.consultant}|${l.currency}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(lines.map((l) => l.currency)).size).toBeGreaterThan(2);
  });
});

describe('report 5, transfer in', () => {
  it('lists the transfer-in applications each filter selects', async () => {
    for (const code of ['A1001', 'A1002', 'A1004', 'I1001']) {
      const transfers = factsFor(code).filter((f) => f.action === 'TI');
      for (const variant of [{}, ...VARIANTS]) {
        const expected = sorted(transfers.filter((f) => passes(f, variant)).map((f) => f.id));
        const got = ids(await reportRows(db, report5, 5, scopeFor(code), { ...variant }));
        expect(got, `${code} ${JSON.stringify(variant)}`).toEqual(expected);
      }
      const thisYear = await reportRows<{ transferFrom: string | null; transferAmount: string | null }>(
        db,
        report5,
        5,
        scopeFor(code),
        THIS_YEAR,
      );
      expect(thisYear.length, code).toBeGreaterThan(0);
      expect(thisYear.every((r) => r.transferFrom !== null)).toBe(true);
    }
  });
});

describe('report 2, new client', () => {
  /** First not-cancelled application of each client of the scope, by received date then id. */
  function firsts(all: ApplicationFact[]): ApplicationFact[] {
    const first = new Map<number, ApplicationFact>();
    for (const f of all) {
      if (f.stage === 8) continue;
      const seen = first.get(f.clientId);
      if (!seen || f.received < seen.received || (f.received === seen.received && f.id < seen.id)) {
        first.set(f.clientId, f);
      }
    }
    return [...first.values()];
  }

  it('lists the clients whose first application with the scope is in the period', async () => {
    for (const code of ['A1001', 'A1002', 'A1004', 'I1001', 'B1001']) {
      const candidates = firsts(factsFor(code));
      const variants: FactFilter[] = [
        {},
        { dateType: 'APPL', ...THIS_YEAR },
        { dateType: 'APPLSENT', ...THIS_YEAR },
        { dateType: 'POLICY', dateFrom: '2018-01-01', dateTo: '2023-12-31' },
        { productType: 'IN' },
      ];
      for (const variant of variants) {
        const expected = sorted(
          candidates
            .filter((f) => {
              const date = dateOf(f, variant.dateType);
              if (variant.dateFrom && (date === null || date < variant.dateFrom)) return false;
              if (variant.dateTo && (date === null || date > variant.dateTo)) return false;
              return !variant.productType || f.category === variant.productType;
            })
            .map((f) => f.clientId),
        );
        const rows = await reportRows<{ clientId: number }>(db, report2, 2, scopeFor(code), { ...variant });
        const label = `${code} ${JSON.stringify(variant)}`;
        expect(sorted(rows.map((r) => r.clientId)), label).toEqual(expected);
        if (variant.dateType === 'APPL') expect(rows.length, label).toBeGreaterThan(0);
      }
    }
  });

  it('counts the plans each new client holds with the scope, and shows how to reach them', async () => {
    const { scope, producerIds } = scopes.A1002 as ScopeOf;
    const rows = await reportRows<{ clientId: number; plans: number; phone: string; email: string }>(
      db,
      report2,
      2,
      scope,
    );
    expect(rows.length).toBeGreaterThan(5);
    const result =
      (await db.execute(sql`select owner_client_id as "clientId", servicing_producer_id as "producerId"
      from policies`)) as unknown as { rows: { clientId: unknown; producerId: unknown }[] };
    for (const row of rows) {
      const plans = result.rows.filter(
        (p) => Number(p.clientId) === row.clientId && producerIds.has(Number(p.producerId)),
      ).length;
      expect(row.plans, String(row.clientId)).toBe(plans);
    }
    expect(rows.some((r) => r.plans > 0)).toBe(true);
    expect(rows.filter((r) => r.phone !== '').length).toBeGreaterThan(0);
  });

  it('shows a sub-partner only clients first written in their own team', async () => {
    const partnerId = scopeFor('A1001').producerId;
    const partnerClients = new Set(
      factsFor('A1001')
        .filter((f) => f.producerId === partnerId)
        .map((f) => f.clientId),
    );
    const subRows = await reportRows<{ clientId: number; consultant: string }>(
      db,
      report2,
      2,
      scopeFor('A1002'),
    );
    const subClients = new Set(factsFor('A1002').map((f) => f.clientId));
    expect(subRows.every((r) => subClients.has(r.clientId))).toBe(true);
    // A client the partner wrote himself and the sub-team never did is not the sub-partner's new client.
    const onlyPartner = [...partnerClients].filter((c) => !subClients.has(c));
    expect(onlyPartner.length).toBeGreaterThan(0);
    expect(subRows.filter((r) => onlyPartner.includes(r.clientId))).toEqual([]);
  });
});

describe('sorts', () => {
  it('accepts every allowlisted sort field in both orders and refuses any other', async () => {
    const reports: [number, AnyReport][] = [
      [2, report2],
      [3, report3],
      [4, report4],
      [5, report5],
    ];
    for (const [type, report] of reports) {
      for (const sortField of report.contract.sortFields) {
        for (const sortOrder of ['asc', 'desc']) {
          const criteria = criteriaOf(report, type, { sortField, sortOrder, sizePerPage: 10 });
          const page = await runList(db, report, scopeFor('A1001'), criteria, 'zh');
          expect(page.items.length, `${type} ${sortField}`).toBeGreaterThan(0);
        }
      }
      for (const sortField of ['toString', 'producerId', 'transferAmountx', 'annualizedPremium']) {
        if ((report.contract.sortFields as readonly string[]).includes(sortField)) continue;
        const parsed = report.contract.criteria.safeParse({ reportType: type, sortField });
        expect(parsed.success, `${type} ${sortField}`).toBe(false);
      }
    }
  });

  it('orders report 3 by the requested field, the id breaking ties', async () => {
    type Row = { caaId: number; modalPremium: string | null; receivedDate: string };
    const rows = await reportRows<Row>(db, report3, 3, scopeFor('A1004'), {
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
