import {
  LEDGER_STAGES,
  type LedgerLine,
  type LedgerSourceKind,
  type LedgerStage,
  type LedgerTotals,
} from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { producerFilter, type TeamScope } from '../../db/team-scope.js';

export interface LedgerCriteria {
  from?: string | undefined;
  to?: string | undefined;
  stage?: LedgerStage | undefined;
}

interface Rows<T> {
  rows: T[];
}

/** The lines of a scope and criteria: the one WHERE the page, the totals and the export share. */
export function ledgerWhere(scope: TeamScope, criteria: LedgerCriteria): SQL {
  const parts: SQL[] = [producerFilter(scope, sql`l.producer_id`)];
  if (criteria.from) parts.push(sql`l.line_date >= ${criteria.from}::date`);
  if (criteria.to) parts.push(sql`l.line_date <= ${criteria.to}::date`);
  if (criteria.stage) parts.push(sql`l.stage = ${criteria.stage}`);
  return sql.join(parts, sql` and `);
}

/** The columns of a line as the contract names them (also the export's row). */
export const LEDGER_LINE_COLUMNS = sql`l.id, l.policy_no as "policyNo", l.stage, l.amount::text as amount, l.currency,
  l.reporting_amount::text as "reportingAmount", to_char(l.line_date, 'YYYY-MM-DD') as date, l.producer_id as "producerId",
  p.code as "producerCode", p.name as "producerName", pv.code as "insurerCode", l.source_kind as "sourceKind",
  l.source_id as "sourceId", l.reason,
  (select d.status from commission_disputes d where d.ledger_line_id = l.id and d.status in ('open', 'investigating')) as "disputeStatus"`;

export const LEDGER_LINE_FROM = sql`commission_ledger_lines l join producers p on p.id = l.producer_id
  left join providers pv on pv.id = l.provider_id`;

/** One page, newest first (date, then id): the index on (line_date, id, producer_id) is walked backward and stopped. */
export async function selectLedgerPage(
  db: Db,
  where: SQL,
  page: number,
  size: number,
): Promise<LedgerLine[]> {
  const result = (await db.execute(sql`select ${LEDGER_LINE_COLUMNS} from ${LEDGER_LINE_FROM}
    where ${where} order by l.line_date desc, l.id desc limit ${size} offset ${(page - 1) * size}`)) as unknown as Rows<
    LedgerLine & { id: number | string; producerId: number | string; sourceId: number | string }
  >;
  return result.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    producerId: Number(row.producerId),
    sourceId: Number(row.sourceId),
    sourceKind: row.sourceKind as LedgerSourceKind,
  }));
}

interface GroupRow {
  grp: 'all' | 'month' | 'insurer' | 'producer';
  key: string | null;
  label: string | null;
  stage: LedgerStage;
  lines: number | string;
  total: string;
}

export interface LedgerGroup {
  key: string;
  label: string;
  totals: LedgerTotals;
}

export interface LedgerSummary {
  totals: LedgerTotals;
  totalSize: number;
  byMonth: LedgerGroup[];
  byInsurer: LedgerGroup[];
  byProducer: LedgerGroup[];
}

export const zeroTotals = (): LedgerTotals => ({
  projected: '0.00',
  expected: '0.00',
  received: '0.00',
  paid: '0.00',
  chargeback: '0.00',
});

/**
 * Totals of every line of the criteria in the reporting currency (the stored `reporting_amount`), overall and by
 * month, insurer and producer: one pass over the lines with grouping sets, summed by the database in numeric.
 */
export async function selectLedgerSummary(db: Db, where: SQL): Promise<LedgerSummary> {
  const result = (await db.execute(sql`
    with lines as (select l.stage, l.line_date, l.provider_id, l.producer_id, l.reporting_amount
                   from commission_ledger_lines l where ${where}),
    grouped as (
      select case when grouping(to_char(line_date, 'YYYY-MM')) = 0 then 'month'
                  when grouping(provider_id) = 0 then 'insurer'
                  when grouping(producer_id) = 0 then 'producer' else 'all' end as grp,
             to_char(line_date, 'YYYY-MM') as month, provider_id, producer_id, stage,
             count(*) as lines, sum(reporting_amount)::numeric(20, 2)::text as total
      from lines
      group by grouping sets ((stage), (to_char(line_date, 'YYYY-MM'), stage), (provider_id, stage), (producer_id, stage))
    )
    select g.grp, coalesce(g.month, pv.code, p.code, case when g.grp = 'insurer' then '' end) as key,
           coalesce(g.month, pv.short_name, p.name, '') as label, g.stage, g.lines, g.total
    from grouped g
    left join providers pv on g.grp = 'insurer' and pv.id = g.provider_id
    left join producers p on g.grp = 'producer' and p.id = g.producer_id`)) as unknown as Rows<GroupRow>;
  const summary: LedgerSummary = {
    totals: zeroTotals(),
    totalSize: 0,
    byMonth: [],
    byInsurer: [],
    byProducer: [],
  };
  const groups = { month: new Map<string, LedgerGroup>(), insurer: new Map(), producer: new Map() } as Record<
    'month' | 'insurer' | 'producer',
    Map<string, LedgerGroup>
  >;
  for (const row of result.rows) {
    if (!LEDGER_STAGES.includes(row.stage)) continue;
    if (row.grp === 'all') {
      summary.totals[row.stage] = row.total;
      summary.totalSize += Number(row.lines);
      continue;
    }
    const key = row.key ?? '';
    let group = groups[row.grp].get(key);
    if (!group) {
      group = { key, label: row.label ?? '', totals: zeroTotals() };
      groups[row.grp].set(key, group);
    }
    group.totals[row.stage] = row.total;
  }
  summary.byMonth = [...groups.month.values()].sort((a, b) => b.key.localeCompare(a.key));
  summary.byInsurer = [...groups.insurer.values()].sort((a, b) => a.key.localeCompare(b.key));
  summary.byProducer = [...groups.producer.values()].sort((a, b) => a.key.localeCompare(b.key));
  return summary;
}
