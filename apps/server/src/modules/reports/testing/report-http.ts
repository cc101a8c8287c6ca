import { API_ROUTES } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { type ApiAgent, api } from '../../../testing/http.js';

export interface ReportPage {
  items: Record<string, unknown>[];
  totalSize: number;
  totalIsLowerBound: boolean;
}

export async function preview(agent: ApiAgent, form: Record<string, unknown>) {
  return agent.request({
    method: 'POST',
    url: api(API_ROUTES.reports.preview.path, agent.lang),
    payload: form,
  });
}

/** Every row of a report preview, page by page (30 a page). */
export async function allRows(agent: ApiAgent, form: Record<string, unknown>) {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; page < 200; page++) {
    const response = await preview(agent, { ...form, page, sizePerPage: 30 });
    if (response.statusCode !== 200) throw new Error(`preview: ${response.statusCode} ${response.body}`);
    const answer = response.json() as ReportPage;
    items.push(...answer.items);
    if (answer.items.length < 30) {
      if (items.length !== answer.totalSize)
        throw new Error(`totalSize ${answer.totalSize} ≠ ${items.length}`);
      return items;
    }
  }
  throw new Error('too many pages');
}

export async function exportReport(agent: ApiAgent, query: string) {
  return agent.request({ method: 'GET', url: `${api(API_ROUTES.reports.export.path, agent.lang)}?${query}` });
}

/**
 * Policy ids report 1 must list for a producer's subtree (or the producer alone), read from the tables with
 * its rule written out again: LAP or SUR, status day in the range, product type.
 */
export async function lapsedSurrenderIds(
  db: Db,
  producerId: number,
  options: { team?: boolean; from?: string; to?: string; status?: string; productType?: string } = {},
): Promise<Set<number>> {
  const producersOf: SQL =
    options.team === false
      ? sql`(${producerId})`
      : sql`(select descendant_id from producer_tree where ancestor_id = ${producerId})`;
  const conditions: SQL[] = [
    sql`servicing_producer_id in ${producersOf}`,
    options.status ? sql`status_code = ${options.status}` : sql`status_code in ('LAP', 'SUR')`,
  ];
  if (options.from) conditions.push(sql`status_changed_on >= ${options.from}::date`);
  if (options.to) conditions.push(sql`status_changed_on <= ${options.to}::date`);
  if (options.productType) conditions.push(sql`category = ${options.productType}`);
  const result = (await db.execute(
    sql`select id from policies where ${sql.join(conditions, sql` and `)}`,
  )) as unknown as { rows: { id: unknown }[] };
  return new Set(result.rows.map((r) => Number(r.id)));
}

export const policyIdsOf = (items: Record<string, unknown>[]) =>
  new Set(items.map((i) => Number(i.policyId)));
