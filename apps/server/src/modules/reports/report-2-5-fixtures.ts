import type { Language } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { resolveTeamScope, type TeamScope } from '../../db/team-scope.js';
import { listExportQuery, type ServerListDefinition } from '../../lists/index.js';
import type { ContractList, CriteriaOf } from '../../lists/server-list.js';
import { producerIdOf, subtreeOf } from '../producer-lists/producer-lists-fixtures.js';

/*
 * Test helpers of reports 2–5: the report's rows as the export streams them, and the scope's applications read
 * plainly from the tables, so expected rows are recomputed in TypeScript rather than by the reports' own SQL.
 */

// biome-ignore lint/suspicious/noExplicitAny: the four reports differ in rows
export type AnyReport = ServerListDefinition<ContractList, any>;

export interface ScopeOf {
  scope: TeamScope;
  producerIds: Set<number>;
}

export async function scopeOf(db: Db, code: string, site: 'afs' | 'ipc' | 'absg'): Promise<ScopeOf> {
  const producerId = await producerIdOf(db, code);
  const scope = await resolveTeamScope(db, { userId: 0, producerId, siteCode: site }, {});
  return { scope, producerIds: new Set(await subtreeOf(db, producerId)) };
}

export function criteriaOf(report: AnyReport, type: number, input: Record<string, unknown>) {
  return report.contract.criteria.parse({ reportType: type, ...input }) as CriteriaOf<ContractList>;
}

/** Every row of a report, mapped to items (the export's query: the rows paging would show, in order). */
export async function reportRows<Item = Record<string, unknown>>(
  db: Db,
  report: AnyReport,
  type: number,
  scope: TeamScope,
  input: Record<string, unknown> = {},
  language: Language = 'en',
): Promise<Item[]> {
  const result = (await db.execute(
    listExportQuery(report, scope, criteriaOf(report, type, input), language),
  )) as unknown as { rows: Record<string, unknown>[] };
  const items = result.rows.map((row) => report.toItem(row, language));
  report.contract.item.array().parse(items);
  return items as Item[];
}

export interface ApplicationFact {
  id: number;
  clientId: number;
  producerId: number;
  received: string;
  sent: string | null;
  commence: string | null;
  stage: number;
  category: string;
  action: string;
  currency: string;
  modalPremium: string | null;
  frequency: string | null;
  planStatus: string | null;
}

/** Every application of the given producers, with its plan's status. */
export async function applicationFacts(db: Db, producerIds: Set<number>): Promise<ApplicationFact[]> {
  const ids = [...producerIds];
  const result = (await db.execute(sql`select a.id, a.client_id as "clientId", a.producer_id as "producerId",
      a.received_date::text as received, a.sent_date::text as sent, a.commence_date::text as commence, a.stage,
      a.category, a.action_type as action, a.currency, a.modal_premium::text as "modalPremium",
      a.payment_frequency as frequency, p.status_code as "planStatus"
    from applications a left join policies p on p.id = a.policy_id
    where a.producer_id in (select unnest(${`{${ids.join(',')}}`}::bigint[]))`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows.map((r) => ({
    ...(r as unknown as ApplicationFact),
    id: Number(r.id),
    clientId: Number(r.clientId),
    producerId: Number(r.producerId),
    stage: Number(r.stage),
  }));
}

/** The status an application shows, written again from its definition (docs/reports.md). */
export function statusOf(fact: ApplicationFact): string {
  if (fact.planStatus) return fact.planStatus;
  if (fact.stage <= 2) return 'RCV';
  if (fact.stage <= 5) return 'AIP';
  if (fact.stage <= 7) return 'ACT';
  return 'CAN';
}

export type DateBasis = 'APPL' | 'APPLSENT' | 'POLICY';

export function dateOf(fact: ApplicationFact, basis: DateBasis | undefined): string | null {
  if (basis === 'APPLSENT') return fact.sent;
  if (basis === 'POLICY') return fact.commence;
  return fact.received;
}

export interface FactFilter {
  dateType?: DateBasis;
  dateFrom?: string;
  dateTo?: string;
  excludeStatus?: string[];
  status?: string;
  productType?: string;
}

/** Whether an application passes report 3's filters. */
export function passes(fact: ApplicationFact, filter: FactFilter): boolean {
  const date = dateOf(fact, filter.dateType);
  if ((filter.dateFrom || filter.dateTo) && date === null) return false;
  if (filter.dateFrom && (date ?? '') < filter.dateFrom) return false;
  if (filter.dateTo && (date ?? '') > filter.dateTo) return false;
  const status = statusOf(fact);
  if (filter.excludeStatus?.includes(status)) return false;
  if (filter.status && status !== filter.status) return false;
  if (filter.productType && fact.category !== filter.productType) return false;
  return true;
}

/** A decimal string in cents, exactly. */
export function cents(amount: string | null): bigint {
  if (amount === null) return 0n;
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}
