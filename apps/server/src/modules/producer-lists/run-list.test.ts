import { clientList, type Language, newBusinessList, serviceRecordList } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { TeamScope } from '../../db/team-scope.js';
import { listExportQuery, runList, type ServerListDefinition } from '../../lists/index.js';
import type { ContractList, CriteriaOf } from '../../lists/server-list.js';
import { producerIdOf } from '../../testing/producer-fixtures.js';
import { openTestDatabase } from '../../testing/test-app.js';
import { clientServerList } from './client-list.js';
import { newBusinessServerList } from './new-business-list.js';
import { serviceRecordServerList } from './service-record-list.js';

/*
 * The mechanism itself, on the three real definitions: the bounded count, and the export query returning exactly
 * the rows of paging through runList, in the same order, mapped by the same row → item function.
 */

let db: Db;
let drop: () => Promise<void>;
let close: () => Promise<void>;
let scope: TeamScope;

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  drop = opened.drop;
  close = () => opened.database.close();
  const producerId = await producerIdOf(db, 'A1001');
  scope = {
    caller: { userId: 0, producerId, siteCode: 'afs' },
    producerId,
    includedTeam: true,
    viewingOther: false,
  };
});
afterAll(async () => {
  await close();
  await drop();
});

// biome-ignore lint/suspicious/noExplicitAny: the three definitions differ in criteria and rows
type AnyDefinition = ServerListDefinition<ContractList, any>;
const LISTS: [string, AnyDefinition, Record<string, unknown>][] = [
  ['new business', newBusinessServerList as unknown as AnyDefinition, { stage: 'all' }],
  ['service records', serviceRecordServerList as unknown as AnyDefinition, { statusOptions: 'All' }],
  ['clients', clientServerList as unknown as AnyDefinition, {}],
];
const SCHEMAS = { new_business: newBusinessList, service_records: serviceRecordList, clients: clientList };

function criteriaOf(definition: AnyDefinition, input: Record<string, unknown>): CriteriaOf<ContractList> {
  return definition.contract.criteria.parse(input) as CriteriaOf<ContractList>;
}

async function pageThrough(
  definition: AnyDefinition,
  input: Record<string, unknown>,
  language: Language,
  countLimit?: number,
) {
  const items: unknown[] = [];
  for (let page = 1; ; page++) {
    const result = await runList(
      db,
      definition,
      scope,
      criteriaOf(definition, { ...input, page, sizePerPage: 20 }),
      language,
      countLimit === undefined ? {} : { countLimit },
    );
    items.push(...result.items);
    if (result.items.length < 20) return { items, totalSize: result.totalSize };
  }
}

describe('a search cancelled at the statement timeout', () => {
  it('asks the person to narrow their criteria (422), as no outage', async () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    const timingOut = { execute: () => Promise.reject(new Error('query failed', { cause: cancelled })) };
    const [, definition, base] = LISTS[0] as (typeof LISTS)[number];
    const search = runList(timingOut as unknown as Db, definition, scope, criteriaOf(definition, base), 'en');
    await expect(search).rejects.toMatchObject({ statusCode: 422, messageKey: 'errors.narrowCriteria' });
    const failing = { execute: () => Promise.reject(new Error('something else')) };
    await expect(
      runList(failing as unknown as Db, definition, scope, criteriaOf(definition, base), 'en'),
    ).rejects.toThrow('something else');
  });
});

describe.each(LISTS)('%s', (_name, definition, base) => {
  it('exports the same rows as paging through the list, in the same order (default and explicit sorts)', async () => {
    const sorts = [{}, { sortField: definition.contract.sortFields[1], sortOrder: 'desc' }];
    for (const sort of sorts) {
      const input = { ...base, ...sort };
      const language: Language = 'zh';
      const paged = await pageThrough(definition, input, language);
      const exported = (await db.execute(
        listExportQuery(definition, scope, criteriaOf(definition, input), language),
      )) as unknown as { rows: Record<string, unknown>[] };
      const items = exported.rows.map((row) => definition.toItem(row, language));
      expect(items.length).toBeGreaterThan(20);
      expect(items).toEqual(paged.items);
      expect(items.length).toBe(paged.totalSize);
      // The mapped rows are items of the contract.
      const contract = SCHEMAS[definition.contract.name as keyof typeof SCHEMAS];
      expect(() => contract.item.array().parse(items)).not.toThrow();
    }
  });

  it('counts at most the count limit, and says when the total is a lower bound', async () => {
    const criteria = criteriaOf(definition, base);
    const exact = await runList(db, definition, scope, criteria, 'en');
    expect(exact.totalIsLowerBound).toBe(false);
    const total = exact.totalSize;
    expect(total).toBeGreaterThan(5);

    const bounded = await runList(db, definition, scope, criteria, 'en', { countLimit: 5 });
    expect(bounded).toMatchObject({ totalSize: 5, totalIsLowerBound: true });
    expect(bounded.items).toEqual(exact.items);
    expect(await runList(db, definition, scope, criteria, 'en', { countLimit: total - 1 })).toMatchObject({
      totalSize: total - 1,
      totalIsLowerBound: true,
    });
    expect(await runList(db, definition, scope, criteria, 'en', { countLimit: total })).toMatchObject({
      totalSize: total,
      totalIsLowerBound: false,
    });
  });

  it('finds the same rows for a keyword checked per row (small scope) or collected across the site', async () => {
    const first = await runList(db, definition, scope, criteriaOf(definition, base), 'en');
    const name = String((first.items[0] as { clientName?: string } | undefined)?.clientName ?? '');
    // Part of a client's name (the related-table match) and a letter pair common in names and policy numbers.
    for (const keywords of [name.slice(0, 4), 'an']) {
      expect(keywords.length).toBeGreaterThan(1);
      const criteria = criteriaOf(definition, { ...base, keywords, sizePerPage: 30 });
      const small = await runList(db, definition, { ...scope, small: true }, criteria, 'en');
      const sitewide = await runList(db, definition, { ...scope, small: false }, criteria, 'en');
      expect(small.totalSize, keywords).toBeGreaterThan(0);
      expect(small, keywords).toEqual(sitewide);
    }
  });

  it('pages the same rows whatever the count limit, with and without a keyword (one pass)', async () => {
    for (const keywords of [undefined, 'an']) {
      const input = { ...base, sortField: definition.contract.sortFields[2], sortOrder: 'asc', keywords };
      const within = await pageThrough(definition, input, 'en');
      const pastTheLimit = await pageThrough(definition, input, 'en', 25);
      expect(within.items.length, keywords).toBeGreaterThan(30);
      expect(pastTheLimit.items, keywords).toEqual(within.items);
      expect(pastTheLimit.totalSize, keywords).toBe(25);
    }
  });

  it('falls back to the default sort for a field outside the server allowlist, even past the contract', async () => {
    const criteria = criteriaOf(definition, base);
    const forged = { ...criteria, sortField: 'toString', sortOrder: 'asc' as const };
    expect(await runList(db, definition, scope, forged, 'en')).toEqual(
      await runList(db, definition, scope, criteria, 'en'),
    );
  });
});
