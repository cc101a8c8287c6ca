import { API_ROUTES } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog, producers, producerTree } from '../db/schema/index.js';
import { demoAccount } from '../db/seed/demo-accounts.js';
import { ApiAgent } from './http.js';
import { signInAs } from './sessions.js';
import type { TestContext } from './test-app.js';

/** The three list endpoints and a field each item carries that tells which producer it belongs to. */
export const LIST_ENDPOINTS = [
  { path: API_ROUTES.producerLists.newBusiness.path, name: 'new_business', idField: 'caaId' },
  { path: API_ROUTES.producerLists.serviceRecords.path, name: 'service_records', idField: 'followupId' },
  { path: API_ROUTES.producerLists.clients.path, name: 'clients', idField: 'capId' },
] as const;

export type ListEndpoint = (typeof LIST_ENDPOINTS)[number];

export interface ListAnswer {
  items: Record<string, unknown>[];
  totalSize: number;
  totalIsLowerBound: boolean;
}

export async function producerIdOf(db: Db, code: string): Promise<number> {
  const [row] = await db
    .select({ id: producers.id })
    .from(producers)
    .where(sql`upper(${producers.code}) = ${code}`)
    .limit(1);
  if (!row) throw new Error(`no producer ${code}`);
  return row.id;
}

/** Producer ids of a subtree (the producer included), read from the closure table. */
export async function subtreeOf(db: Db, producerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: producerTree.descendantId })
    .from(producerTree)
    .where(eq(producerTree.ancestorId, producerId));
  return rows.map((r) => r.id);
}

export async function producerNames(db: Db, ids: number[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ name: producers.name }).from(producers).where(inArray(producers.id, ids));
  return new Set(rows.map((r) => r.name));
}

export async function teamViewAudits(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'producer.team_view'), eq(auditLog.userId, userId)));
  return Number(row?.n ?? 0);
}

export async function signedIn(
  t: TestContext,
  key: Parameters<typeof demoAccount>[0],
  host = 'afs.localhost',
) {
  const agent = new ApiAgent(t.app, host);
  const userId = await signInAs(t, agent, demoAccount(key).login);
  return { agent, userId };
}

export async function search(agent: ApiAgent, path: string, criteria: Record<string, unknown> = {}) {
  return agent.send('POST', path, criteria);
}

/** Every item of a search, page by page (30 a page), checking that pages neither overlap nor skip. */
export async function allItems(
  agent: ApiAgent,
  endpoint: ListEndpoint,
  criteria: Record<string, unknown> = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; page < 200; page++) {
    const response = await search(agent, endpoint.path, { ...criteria, page, sizePerPage: 30 });
    if (response.statusCode !== 200)
      throw new Error(`${endpoint.path}: ${response.statusCode} ${response.body}`);
    const answer = response.json() as ListAnswer;
    items.push(...answer.items);
    if (answer.items.length < 30) {
      if (items.length !== answer.totalSize)
        throw new Error(`${endpoint.path}: totalSize ${answer.totalSize}`);
      return items;
    }
  }
  throw new Error('too many pages');
}

/**
 * Ids each list shows by default (New Business: in-progress stages; Service Records: open; Clients: every plan)
 * for these producers, read straight from the tables: what the list must return, computed without its SQL.
 */
export async function defaultIdsOf(
  db: Db,
  endpoint: ListEndpoint,
  producerIds: number[],
): Promise<Set<number>> {
  const ids = sql.join(
    producerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const query = {
    new_business: sql`select id from applications where producer_id in (${ids}) and stage between 1 and 6`,
    service_records: sql`select id from service_records where producer_id in (${ids}) and status = 'O'`,
    clients: sql`select id from policies where servicing_producer_id in (${ids})`,
  }[endpoint.name];
  const result = (await db.execute(query)) as unknown as { rows: { id: unknown }[] };
  return new Set(result.rows.map((r) => Number(r.id)));
}

export const idsOf = (endpoint: ListEndpoint, items: Record<string, unknown>[]) =>
  new Set(items.map((item) => Number(item[endpoint.idField])));
