import { personalAbBvReport } from '@portal/contract';
import { and, sql } from 'drizzle-orm';
import { abBvLines, producers } from '../../../../db/schema/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toId, toText } from '../../../../lists/row-values.js';
import { abBvLineFilters } from '../../shared/ab-bv-lines.js';

type TotalsRow = {
  lineKey: string;
  producerId: unknown;
  consultantCode: string;
  consultant: string;
  currency: string;
  plans: unknown;
  totalAb: unknown;
  totalBv: unknown;
  plansWithoutFactor: unknown;
};

const totals = sql.identifier('ab_bv_totals');
const col = (name: string) => sql`${totals}.${sql.identifier(name)}`;

/**
 * Report 14 (docs/reports.md), personal AB BV: report 13's lines (the same FROM, WHERE and expressions) grouped by
 * writing producer and plan currency. Currencies are never added together, so no rate is involved and every total is
 * the plain sum of the rounded lines it stands for. The lines are read from `ab_bv_lines`, where each line's AB and BV
 * were computed when it was written (migration 0043): a preview totals one narrow row per line, its page and count
 * from that one aggregation (`onePass`).
 */
export const personalAbBvServerReport = defineServerList({
  contract: personalAbBvReport,
  columns: {
    lineKey: col('line_key'),
    producerId: col('producer_id'),
    consultantCode: producers.code,
    consultant: producers.name,
    currency: col('currency'),
    plans: col('plans'),
    totalAb: sql`${col('total_ab')}::text`,
    totalBv: sql`${col('total_bv')}::text`,
    plansWithoutFactor: col('plans_without_factor'),
  },
  source(scope, criteria) {
    const where = and(...abBvLineFilters(scope, criteria).filter((part) => part !== undefined));
    return {
      from: sql`(select ${abBvLines.producerId} || '-' || ${abBvLines.currency} as line_key,
          ${abBvLines.producerId} as producer_id, ${abBvLines.currency} as currency,
          count(*)::int as plans, sum(${abBvLines.ab}) as total_ab, coalesce(sum(${abBvLines.bv}), 0.00) as total_bv,
          (count(*) filter (where ${abBvLines.bv} is null))::int as plans_without_factor
        from ${abBvLines}
        where ${where}
        group by ${abBvLines.producerId}, ${abBvLines.currency}) as ${totals}`,
      lookups: sql`left join ${producers} on ${producers.id} = ${col('producer_id')}`,
      where: [],
    };
  },
  sortExpressions: {
    consultant: producers.name,
    consultantCode: producers.code,
    currency: col('currency'),
    plans: col('plans'),
    totalAb: col('total_ab'),
    totalBv: col('total_bv'),
  },
  sortsWithoutLookups: ['currency', 'plans', 'totalAb', 'totalBv'],
  // An aggregate: the page and its count are one statement, so the totals are computed once.
  pageRows: true,
  onePass: true,
  idColumn: col('line_key'),
  toItem: (row: TotalsRow) => ({
    lineKey: toText(row.lineKey),
    producerId: toId(row.producerId),
    consultantCode: toText(row.consultantCode),
    consultant: toText(row.consultant),
    currency: toText(row.currency),
    plans: Number(row.plans),
    totalAb: toText(row.totalAb),
    totalBv: toText(row.totalBv),
    plansWithoutFactor: Number(row.plansWithoutFactor),
  }),
});
