import { CLIENT_SORT_FIELDS, NEW_BUSINESS_SORT_FIELDS, SERVICE_RECORD_SORT_FIELDS } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allItems, LIST_ENDPOINTS, type ListEndpoint, signedIn } from '../../testing/producer-fixtures.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * Every allowlisted sort field, both directions, over the partner's whole team: the list must come back in the
 * database's own order of the shown values (its collation, nulls last ascending and first descending) with the id
 * breaking ties in the same direction. The order is checked by asking PostgreSQL to sort the returned values, not
 * by re-running the list's SQL.
 */

let t: TestContext;
let partner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  partner = await signedIn(t, 'partner');
});
afterAll(() => t.close());

const SORT_FIELDS: Record<ListEndpoint['name'], readonly string[]> = {
  new_business: NEW_BUSINESS_SORT_FIELDS,
  service_records: SERVICE_RECORD_SORT_FIELDS,
  clients: CLIENT_SORT_FIELDS,
};

/** How PostgreSQL should compare a field's shown values. */
function typed(field: string, value: unknown): SQL {
  if (value === null || value === undefined) return sql`null::text`;
  if (field === 'modalPremium') return sql`${String(value)}::numeric::text`;
  if (field === 'stage') return sql`${String(value)}::int::text`;
  return sql`${String(value)}::text`;
}

function castBack(field: string): SQL {
  if (field === 'modalPremium') return sql`v::numeric`;
  if (field === 'stage') return sql`v::int`;
  if (/Date$|^commenceOn$/.test(field)) return sql`v::date`;
  return sql`v`;
}

/** Positions 1..n if the rows are in the database's order, otherwise the order it would have chosen. */
async function databaseOrder(field: string, order: 'asc' | 'desc', rows: { value: unknown; id: number }[]) {
  const values = sql.join(
    rows.map((row, i) => sql`(${typed(field, row.value)}, ${row.id}::bigint, ${i + 1}::int)`),
    sql`, `,
  );
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const result = (await t.database.db.execute(sql`
    select coalesce(array_agg(pos order by ${castBack(field)} ${direction}, id ${direction}), '{}') as positions
    from (values ${values}) as shown(v, id, pos)`)) as unknown as { rows: { positions: number[] }[] };
  return (result.rows[0]?.positions ?? []).map(Number);
}

describe.each(LIST_ENDPOINTS)('POST $path: sorting', (endpoint) => {
  const criteria = endpoint.name === 'service_records' ? { statusOptions: 'All' } : { stage: 'all' };
  it.each(SORT_FIELDS[endpoint.name].flatMap((field) => [[field, 'asc'] as const, [field, 'desc'] as const]))(
    'sorts by %s %s with the id as tie-breaker',
    async (field, order) => {
      const items = await allItems(partner.agent, endpoint, {
        ...criteria,
        sortField: field,
        sortOrder: order,
      });
      expect(items.length).toBeGreaterThan(5);
      const rows = items.map((item) => ({ value: item[field], id: Number(item[endpoint.idField]) }));
      expect(new Set(rows.map((r) => r.value)).size, 'the field varies').toBeGreaterThan(1);
      expect(await databaseOrder(field, order, rows)).toEqual(rows.map((_, i) => i + 1));
    },
  );

  it('uses the default sort without a sortField, and ascending for a sortField without an order', async () => {
    const contractDefault = {
      new_business: 'receivedDate',
      service_records: 'createdDate',
      clients: 'clientName',
    }[endpoint.name];
    const items = await allItems(partner.agent, endpoint, criteria);
    const rows = items.map((item) => ({ value: item[contractDefault], id: Number(item[endpoint.idField]) }));
    const order = endpoint.name === 'clients' ? 'asc' : 'desc';
    expect(await databaseOrder(contractDefault, order, rows)).toEqual(rows.map((_, i) => i + 1));

    const ascending = await allItems(partner.agent, endpoint, { ...criteria, sortField: 'category' });
    const ascRows = ascending.map((item) => ({ value: item.category, id: Number(item[endpoint.idField]) }));
    expect(await databaseOrder('category', 'asc', ascRows)).toEqual(ascRows.map((_, i) => i + 1));
  });
});
