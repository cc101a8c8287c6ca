import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import { openDemoDatabase } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import {
  type ApplicationFact,
  applicationScopes,
  dateOf,
  type FactFilter,
  type ScopedFacts,
  THIS_YEAR,
} from '../../testing/application-facts.js';
import { expectOnlyAllowlistedSorts, reportRows } from '../../testing/report-rows.js';
import { newClientServerReport } from './definition.js';

/*
 * Report 2 (new client) on the demo data: the clients whose first application with the scope falls in the period
 * (recomputed from the tables, testing/application-facts.ts), their plans with the scope, the team scope, and only
 * allowlisted sorts pass the contract.
 */

let db: Db;
let close: () => Promise<void>;
let scoped: Record<string, ScopedFacts>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  scoped = await applicationScopes(db);
});
afterAll(() => close());

const report2 = newClientServerReport as unknown as ServerReportDefinition;

const scopeFor = (code: string) => (scoped[code] as ScopedFacts).scope;
const factsFor = (code: string) => (scoped[code] as ScopedFacts).facts;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

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
        const rows = await reportRows<{ clientId: number }>(db, report2, scopeFor(code), { ...variant });
        const label = `${code} ${JSON.stringify(variant)}`;
        expect(sorted(rows.map((r) => r.clientId)), label).toEqual(expected);
        if (variant.dateType === 'APPL') expect(rows.length, label).toBeGreaterThan(0);
      }
    }
  });

  it('counts the plans each new client holds with the scope, and shows how to reach them', async () => {
    const { scope, producerIds } = scoped.A1002 as ScopedFacts;
    const rows = await reportRows<{ clientId: number; plans: number; phone: string; email: string }>(
      db,
      report2,
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
      scopeFor('A1002'),
    );
    const subClients = new Set(factsFor('A1002').map((f) => f.clientId));
    expect(subRows.every((r) => subClients.has(r.clientId))).toBe(true);
    // A client the partner wrote himself and the sub-team never did is not the sub-partner's new client.
    const onlyPartner = [...partnerClients].filter((c) => !subClients.has(c));
    expect(onlyPartner.length).toBeGreaterThan(0);
    expect(subRows.filter((r) => onlyPartner.includes(r.clientId))).toEqual([]);
  });

  it('accepts every allowlisted sort field in both orders and refuses any other', async () => {
    await expectOnlyAllowlistedSorts(db, report2, scopeFor('A1001'));
  });
});
