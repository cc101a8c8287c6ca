import { TRAINING_CATEGORY_LABELS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import { openDemoDatabase, rowsOf } from '../../../../testing/demo-database.js';
import { producerIdOf, subtreeOf } from '../../../../testing/producer-fixtures.js';
import { sumCents } from '../../testing/decimals.js';
import { reportItems, scopeOf } from '../../testing/report-rows.js';
import { trainingHistoryServerReport as report201 } from './definition.js';

/* Report 201 (training history): rows recomputed from plain training rows; the printed hours add up to the total. */

type Training = { id: string; producer_id: string; completed_on: string; hours: string; category: string };
type Item = {
  trainingId: number;
  completedOn: string;
  hours: string;
  category: string;
  consultantCode: string;
};

let db: Db;
let close: () => Promise<void>;
let trainings: Training[];

const expected = (producers: number[], from = '0000-01-01', to = '9999-12-31') => {
  const team = new Set(producers.map(String));
  return trainings.filter((t) => team.has(t.producer_id) && t.completed_on >= from && t.completed_on <= to);
};
const idsOf = (rows: { id: string }[]) => new Set(rows.map((r) => Number(r.id)));
const ids = (items: Item[]) => new Set(items.map((i) => i.trainingId));

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
  trainings = await rowsOf<Training>(
    db,
    sql`select id::text as id, producer_id::text as producer_id, completed_on::text as completed_on, hours::text as hours, category
      from producer_trainings`,
  );
});
afterAll(() => close());

describe('report 201, training history', () => {
  it('gives every afs demo producer a training history', async () => {
    for (const code of ['A1001', 'A1002', 'A1004', 'A1008', 'A1011', 'A2001']) {
      const scope = await scopeOf(db, code, { includedTeam: false });
      const items = await reportItems<Item>(db, report201, scope, {});
      expect(items.length, code).toBeGreaterThanOrEqual(6);
      expect(ids(items)).toEqual(idsOf(expected([scope.producerId])));
    }
  });

  it('filters the completion date, both ends inclusive, newest first', async () => {
    const scope = await scopeOf(db, 'A1001');
    const team = await subtreeOf(db, scope.producerId);
    const day = expected(team)[0]?.completed_on as string;
    for (const [from, to] of [
      ['2025-01-01', '2025-12-31'],
      [day, day],
      ['2026-01-01', '2099-12-31'],
    ] as const) {
      const items = await reportItems<Item>(db, report201, scope, { dateFrom: from, dateTo: to });
      expect(ids(items), `${from}..${to}`).toEqual(idsOf(expected(team, from, to)));
      expect(items.length).toBeGreaterThan(0);
      const dates = items.map((i) => i.completedOn);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  it('prints hours that add up to the period total', async () => {
    const scope = await scopeOf(db, 'A1001');
    const items = await reportItems<Item>(db, report201, scope, {
      dateFrom: '2025-01-01',
      dateTo: '2025-12-31',
    });
    const team = await subtreeOf(db, scope.producerId);
    const [total] = await rowsOf<{ hours: string }>(
      db,
      sql`select sum(hours)::text as hours from producer_trainings where completed_on between '2025-01-01' and '2025-12-31'
        and producer_id in (${sql.join(
          team.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    expect(items.every((i) => /^\d+\.\d{2}$/.test(i.hours))).toBe(true);
    expect(sumCents(items.map((i) => i.hours))).toBe(sumCents([total?.hours ?? '0']));
    expect(sumCents(items.map((i) => i.hours))).toBeGreaterThan(0n);
  });

  it('keeps to the scope and words the category in the reader language', async () => {
    const partner = await scopeOf(db, 'A1001');
    const sub = await scopeOf(db, 'A1001', { selected: 'A1002' });
    const other = await scopeOf(db, 'A2001');
    const subItems = await reportItems<Item>(db, report201, sub, {}, 'zh');
    expect(ids(subItems)).toEqual(idsOf(expected(await subtreeOf(db, await producerIdOf(db, 'A1002')))));
    const words = new Set(Object.values(TRAINING_CATEGORY_LABELS).map((l) => l.zh));
    expect(subItems.every((i) => words.has(i.category))).toBe(true);
    const all = ids(await reportItems<Item>(db, report201, partner, {}));
    const otherIds = ids(await reportItems<Item>(db, report201, other, {}));
    expect(otherIds.size).toBeGreaterThan(0);
    expect([...otherIds].some((id) => all.has(id))).toBe(false);
  });
});
