import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import type { TeamScope } from '../../../../db/team-scope.js';
import { convertAtRate, sumAmounts, unitsValue } from '../../../../render/decimal.js';
import { openDemoDatabase, rowsOf } from '../../../../testing/demo-database.js';
import type { ServerReportDefinition } from '../../server-report-registry.js';
import { type PlanFact, planFacts } from '../../testing/plan-facts.js';
import { pagedRows, producersIn, reportRows, scopeOf, sorted } from '../../testing/report-rows.js';
import { clientPortfolioServerReport } from './definition.js';

/*
 * Report 9 (client portfolio) runs on the demo data as the routes run it (scope, criteria parsed by the contract),
 * each filter's rows recomputed from the stored plans by plain queries, not by the report's SQL.
 */

let db: Db;
let close: () => Promise<void>;
let partner: TeamScope;
let consultant: TeamScope;
let plans: PlanFact[];

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  partner = await scopeOf(db, 'A1001');
  consultant = await scopeOf(db, 'A1004');
  plans = await planFacts(db);
});
afterAll(() => close());

const portfolio = clientPortfolioServerReport as unknown as ServerReportDefinition;

describe('type 9, client portfolio', () => {
  type Row = {
    policyId: number;
    clientName: string;
    planValue: string | null;
    valuationDate: string | null;
    valuationCurrency: string;
  };
  const ids = (rows: Row[]) => sorted(rows.map((r) => r.policyId));
  async function expected(scope: TeamScope, keep: (p: PlanFact) => boolean) {
    const team = await producersIn(db, scope);
    return sorted(plans.filter((p) => team.has(p.producerId) && keep(p)).map((p) => p.id));
  }

  it('lists every plan of the scope, and each filter narrows it as asked', async () => {
    for (const scope of [partner, consultant]) {
      expect(ids(await reportRows<Row>(db, portfolio, scope))).toEqual(await expected(scope, () => true));
    }
    const cases: [Record<string, unknown>, (p: PlanFact) => boolean][] = [
      [{ productType: 'FD' }, (p) => p.category === 'FD'],
      [{ type: 'D' }, (p) => p.serviceType === 'D'],
      [{ excludeStatus: 'LAP,SUR' }, (p) => !['LAP', 'SUR'].includes(p.statusCode)],
      [
        { productType: 'FD', type: 'N', excludeStatus: ['TOT'] },
        (p) => p.category === 'FD' && p.serviceType === 'N' && p.statusCode !== 'TOT',
      ],
    ];
    const everything = (await reportRows<Row>(db, portfolio, partner)).length;
    for (const [input, keep] of cases) {
      const rows = await reportRows<Row>(db, portfolio, partner, input);
      expect(ids(rows), JSON.stringify(input)).toEqual(await expected(partner, keep));
      expect(rows.length, JSON.stringify(input)).toBeGreaterThan(0);
      expect(rows.length, JSON.stringify(input)).toBeLessThan(everything);
    }
    // COD is no exclude option (docs/product.md, "Policy statuses"): the contract refuses it rather than ignoring it.
    expect(() => portfolio.contract.criteria.parse({ reportType: 9, excludeStatus: ['COD'] })).toThrow();
  });

  it('values a plan as the client area does: holdings summed (each units × price at the printed rate), else the latest policy values', async () => {
    const rows = await reportRows<Row>(db, portfolio, partner);
    const holdings = await rowsOf<Record<string, string>>(
      db,
      sql`select policy_id::text as policy_id, holding_type, unit_held::text as units, price::text as price,
        value::text as value, exchange_rate::text as rate, valuation_value::text as valuation, value_on::text as value_on
        from holdings`,
    );
    const life = await rowsOf<Record<string, string>>(
      db,
      sql`select distinct on (policy_id) policy_id::text as policy_id, total_policy_value::text as value,
        value_date::text as value_on, currency from policy_values order by policy_id, value_date desc`,
    );
    let invested = 0;
    let insured = 0;
    for (const row of rows) {
      const lines = holdings.filter((h) => Number(h.policy_id) === row.policyId);
      const values = life.find((v) => Number(v.policy_id) === row.policyId);
      if (lines.length > 0) {
        invested++;
        for (const line of lines) {
          if (line.holding_type === 'fund')
            expect(unitsValue(line.units ?? '', line.price ?? '')).toBe(line.value);
          expect(convertAtRate(line.value ?? '', line.rate ?? '')).toBe(line.valuation);
        }
        expect(row.planValue).toBe(sumAmounts(lines.map((l) => l.valuation)));
        expect(row.valuationDate).toBe(sorted(lines.map((l) => l.value_on)).at(-1));
      } else if (values) {
        insured++;
        expect([row.planValue, row.valuationDate, row.valuationCurrency]).toEqual([
          values.value,
          values.value_on,
          values.currency,
        ]);
      } else {
        expect([row.planValue, row.valuationDate]).toEqual([null, null]);
      }
    }
    expect(invested).toBeGreaterThan(0);
    expect(insured).toBeGreaterThan(0);
  });

  it('sorts client by client by default, and pages as it exports', async () => {
    const rows = await reportRows<Row>(db, portfolio, consultant);
    const names = rows.map((r) => r.clientName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const paged = await pagedRows(db, portfolio, consultant, { sortField: 'policyNo', sortOrder: 'desc' });
    expect(paged.items).toEqual(
      await reportRows(db, portfolio, consultant, { sortField: 'policyNo', sortOrder: 'desc' }),
    );
  });
});
