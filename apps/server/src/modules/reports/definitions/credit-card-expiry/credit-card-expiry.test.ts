import { hongKongToday, reportDefaults, reportToday } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client.js';
import { openDemoDatabase, rowsOf } from '../../../../testing/demo-database.js';
import { producerIdOf, subtreeOf } from '../../../../testing/producer-fixtures.js';
import { reportItems, scopeOf } from '../../testing/report-rows.js';
import { creditCardExpiryServerReport as report8 } from './definition.js';

/*
 * Report 8 (credit card expiry). Expectations are recomputed here from plain rows of cards and plans, with the rule
 * written again in JavaScript (active card, plan of the team still paying premiums, expiry month in the range).
 */

type CardFact = {
  card_id: string;
  is_active: boolean;
  expiry_year: number;
  expiry_month: number;
  brand: string;
  last4: string;
  producer_id: string;
  status_code: string;
  modal_premium: string | null;
  payment_frequency: string | null;
  pay_term: string | null;
  commence: string | null;
  category: string;
};

type Item = {
  cardId: number;
  policyId: number;
  expiryMonth: string;
  expiry: string;
  maskedCardNumber: string;
  cardBrand: string;
  nextPremiumDue: string | null;
  modalPremium: string | null;
};

const ENDED = ['CAN', 'COF', 'LAP', 'SUR', 'TOT', 'MAT', 'TER', 'COD'];
const STEP: Record<string, number> = { M: 1, Q: 3, H: 6, A: 12 };
const today = hongKongToday(new Date());

let db: Db;
let close: () => Promise<void>;

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)))
    .toISOString()
    .slice(0, 10);
}

function payTermEnd(card: CardFact): string | null {
  const years = /^Y(\d+)$/.exec(card.pay_term ?? '');
  if (card.category === 'GI' || !years || !card.commence) return null;
  return addMonths(card.commence, 12 * Number(years[1]));
}

function paysPremiums(card: CardFact): boolean {
  const end = payTermEnd(card);
  return (
    card.modal_premium !== null &&
    STEP[card.payment_frequency ?? ''] !== undefined &&
    !ENDED.includes(card.status_code) &&
    (end === null || end > today)
  );
}

/** The next due date, stepping whole periods from the commence date (no SQL). */
function nextDue(card: CardFact): string | null {
  const step = STEP[card.payment_frequency ?? ''];
  if (!step || !card.commence) return null;
  let k = 0;
  while (addMonths(card.commence, k * step) < today) k++;
  const due = addMonths(card.commence, k * step);
  const end = payTermEnd(card);
  return end !== null && due >= end ? null : due;
}

const monthKey = (year: number, month: number) => year * 12 + month;

async function facts(): Promise<CardFact[]> {
  return rowsOf<CardFact>(
    db,
    sql`select pc.id::text as card_id, pc.is_active, pc.expiry_year, pc.expiry_month, pc.brand, pc.last4,
      p.servicing_producer_id::text as producer_id, p.status_code, p.modal_premium::text as modal_premium,
      p.payment_frequency, p.pay_term, p.commence_date::text as commence, p.category
      from payment_cards pc join policies p on p.id = pc.policy_id`,
  );
}

async function expectedIds(producerIds: number[], from: [number, number], to: [number, number]) {
  const team = new Set(producerIds.map(String));
  return new Set(
    (await facts())
      .filter(
        (c) =>
          c.is_active &&
          team.has(c.producer_id) &&
          paysPremiums(c) &&
          monthKey(c.expiry_year, c.expiry_month) >= monthKey(...from) &&
          monthKey(c.expiry_year, c.expiry_month) <= monthKey(...to),
      )
      .map((c) => Number(c.card_id)),
  );
}

const range = (from: [number, number], to: [number, number]) => ({
  expiryFromYear: from[0],
  expiryFromMonth: from[1],
  expiryToYear: to[0],
  expiryToMonth: to[1],
});
const ids = (items: Item[]) => new Set(items.map((i) => i.cardId));

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
});
afterAll(() => close());

describe('report 8, credit card expiry', () => {
  it('gives every afs demo producer rows in the default month (this month) and the next', async () => {
    const now = reportToday(new Date());
    const defaults = reportDefaults(8, now);
    const next: [number, number] = now.month === 12 ? [now.year + 1, 1] : [now.year, now.month + 1];
    for (const code of [
      'A1001',
      'A1002',
      'A1003',
      'A1004',
      'A1005',
      'A1006',
      'A1007',
      'A1008',
      'A1009',
      'A1010',
      'A1011',
      'A2001',
    ]) {
      const scope = await scopeOf(db, code, { includedTeam: false });
      const thisMonth = await reportItems<Item>(db, report8, scope, defaults);
      expect(thisMonth.length, code).toBeGreaterThan(0);
      expect(thisMonth.every((i) => i.expiry === `${now.year}/${String(now.month).padStart(2, '0')}`)).toBe(
        true,
      );
      expect(ids(thisMonth)).toEqual(
        await expectedIds([scope.producerId], [now.year, now.month], [now.year, now.month]),
      );
      const nextMonth = await reportItems<Item>(db, report8, scope, range(next, next));
      expect(nextMonth.length, code).toBeGreaterThan(0);
    }
  });

  it('lists exactly the team cards of the range, with the figures of the plan and the card', async () => {
    const now = reportToday(new Date());
    const from: [number, number] = [now.year - 1, 1];
    const to: [number, number] = [now.year + 4, 12];
    const scope = await scopeOf(db, 'A1001');
    const items = await reportItems<Item>(db, report8, scope, range(from, to));
    const team = await subtreeOf(db, scope.producerId);
    expect(ids(items)).toEqual(await expectedIds(team, from, to));
    expect(items.length).toBeGreaterThan(20);
    const byId = new Map((await facts()).map((c) => [Number(c.card_id), c]));
    for (const item of items) {
      const card = byId.get(item.cardId) as CardFact;
      expect(item.expiryMonth).toBe(`${card.expiry_year}-${String(card.expiry_month).padStart(2, '0')}`);
      expect(item.expiry).toBe(item.expiryMonth.replace('-', '/'));
      // Only the last four digits exist; everything else is masked.
      expect(item.maskedCardNumber.endsWith(card.last4)).toBe(true);
      expect(item.maskedCardNumber.replace(/[^0-9]/g, '')).toBe(card.last4);
      expect(item.cardBrand).toBe(card.brand);
      expect(item.modalPremium).toBe(card.modal_premium);
      expect(item.nextPremiumDue, `card ${item.cardId}`).toBe(nextDue(card));
    }
    // Sorted by expiry month (then card id) by default.
    const keys = items.map((i) => i.expiryMonth);
    expect([...keys].sort()).toEqual(keys);
  });

  it('reads the range inclusively across a year end, active cards of plans still paying only', async () => {
    const scope = await scopeOf(db, 'A1001');
    const current = await reportItems<Item>(db, report8, scope, range([2000, 1], [2100, 12]));
    const [a, b, c] = current.map((i) => i.cardId);
    const lapsedPlan = current[3]?.policyId;
    await db.execute(sql`update payment_cards set expiry_year = 2031, expiry_month = 12 where id = ${a}`);
    await db.execute(sql`update payment_cards set expiry_year = 2032, expiry_month = 1 where id = ${b}`);
    await db.execute(sql`update payment_cards set expiry_year = 2032, expiry_month = 2 where id = ${c}`);
    // A replaced card of the same month, and a plan that lapsed: neither is followed up.
    await db.execute(sql`insert into payment_cards (policy_id, brand, last4, holder_name, expiry_year, expiry_month, is_active)
      select policy_id, 'VISA', '4242', holder_name, 2032, 1, false from payment_cards where id = ${b}`);
    await db.execute(
      sql`update payment_cards set expiry_year = 2032, expiry_month = 1 where policy_id = ${lapsedPlan} and is_active`,
    );
    await db.execute(sql`update policies set status_code = 'LAP' where id = ${lapsedPlan}`);

    const ofRange = async (from: [number, number], to: [number, number]) =>
      ids(await reportItems<Item>(db, report8, scope, range(from, to)));
    expect(await ofRange([2031, 12], [2032, 1])).toEqual(new Set([a, b]));
    expect(await ofRange([2031, 12], [2031, 12])).toEqual(new Set([a]));
    expect(await ofRange([2032, 1], [2032, 2])).toEqual(new Set([b, c]));
    expect(await ofRange([2031, 1], [2031, 11])).toEqual(new Set());
    expect(await ofRange([2031, 12], [2032, 2])).toEqual(
      await expectedIds(await subtreeOf(db, scope.producerId), [2031, 12], [2032, 2]),
    );
  });

  it('keeps to the scope: the caller alone, a sub-partner team, never another team', async () => {
    const wide = range([2000, 1], [2100, 12]);
    const partner = await scopeOf(db, 'A1001');
    const alone = await scopeOf(db, 'A1001', { includedTeam: false });
    const subTeam = await scopeOf(db, 'A1001', { selected: 'A1002' });
    const other = await scopeOf(db, 'A2001');
    const all = ids(await reportItems<Item>(db, report8, partner, wide));
    const own = ids(await reportItems<Item>(db, report8, alone, wide));
    const sub = ids(await reportItems<Item>(db, report8, subTeam, wide));
    const otherTeam = ids(await reportItems<Item>(db, report8, other, wide));
    expect(own).toEqual(await expectedIds([alone.producerId], [2000, 1], [2100, 12]));
    expect(sub).toEqual(
      await expectedIds(await subtreeOf(db, await producerIdOf(db, 'A1002')), [2000, 1], [2100, 12]),
    );
    expect(own.size).toBeGreaterThan(0);
    expect(sub.size).toBeGreaterThan(0);
    expect([...own, ...sub].every((id) => all.has(id))).toBe(true);
    expect(all.size).toBeGreaterThan(own.size + sub.size);
    expect([...otherTeam].some((id) => all.has(id))).toBe(false);
    expect(otherTeam.size).toBeGreaterThan(0);
  });
});
