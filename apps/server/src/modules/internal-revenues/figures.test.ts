import {
  PAY_MODES,
  type PayoutRecordsResponse,
  payoutRecordsResponseSchema,
  revenueDetailSchema,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  revenuePayinItems,
  revenuePayinSettlements,
  revenuePayoutRecords,
  revenuePayoutSettlements,
  revenuePayouts,
  revenues,
} from '../../db/schema/index.js';
import { fromScaled, toScaled } from '../../render/decimal.js';
import type { ApiAgent } from '../../testing/http.js';
import { agentFor, revenueWithMostRecords, STAFF_HOST } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
let staff: ApiAgent;
let busiest: { id: number; records: number };

const cents = (value: string) => toScaled(value, 2);
const sumCents = (values: string[]) =>
  fromScaled(
    values.reduce((total, v) => total + cents(v), 0n),
    2,
  );
const sumRates = (values: string[]) =>
  fromScaled(
    values.reduce((total, v) => total + toScaled(v, 8), 0n),
    8,
  );

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
  busiest = await revenueWithMostRecords(t);
});
afterAll(() => t.close());

async function detailOf(id: number, agent = staff) {
  const response = await agent.get(`/internal/revenues/${id}`);
  expect(response.statusCode).toBe(200);
  return revenueDetailSchema.parse(response.json());
}

/** Σ of a numeric column in SQL, as a 2-dp string: the figure the tables hold, computed apart from the service. */
async function sqlSum(query: Promise<{ total: string }[]>) {
  const [row] = await query;
  return row?.total ?? '0.00';
}

describe('GET /internal/revenues/{id}', () => {
  it('has totals that are the sums of the rows of every revenue', async () => {
    const all = await t.database.db.select({ id: revenues.id, type: revenues.commissionType }).from(revenues);
    expect(all.length).toBeGreaterThan(0);
    const db = t.database.db;
    const total = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)::numeric(20, 2)::text`;
    for (const { id, type } of all) {
      const detail = await detailOf(id);
      const { revenue, summary, payin, payout } = detail;
      expect(revenue.revenueId).toBe(id);
      if (type !== 'C') expect(revenue.lapseSurrenderOn).toBeNull();

      const entitledPayin = await sqlSum(
        db
          .select({ total: total(revenuePayinItems.totalPayAmount) })
          .from(revenuePayinItems)
          .where(eq(revenuePayinItems.revenueId, id)),
      );
      const settledPayin = await sqlSum(
        db
          .select({ total: total(revenuePayinSettlements.settledAmount) })
          .from(revenuePayinSettlements)
          .innerJoin(revenuePayinItems, eq(revenuePayinItems.id, revenuePayinSettlements.payinItemId))
          .where(eq(revenuePayinItems.revenueId, id)),
      );
      const entitledPayout = await sqlSum(
        db
          .select({ total: total(revenuePayoutRecords.payOutAmount) })
          .from(revenuePayoutRecords)
          .innerJoin(revenuePayouts, eq(revenuePayouts.id, revenuePayoutRecords.payoutId))
          .where(eq(revenuePayouts.revenueId, id)),
      );
      const settledPayout = await sqlSum(
        db
          .select({ total: total(revenuePayoutSettlements.settledAmount) })
          .from(revenuePayoutSettlements)
          .innerJoin(revenuePayouts, eq(revenuePayouts.id, revenuePayoutSettlements.payoutId))
          .where(eq(revenuePayouts.revenueId, id)),
      );
      const payAmount = await sqlSum(
        db
          .select({ total: total(revenuePayouts.payAmount) })
          .from(revenuePayouts)
          .where(eq(revenuePayouts.revenueId, id)),
      );

      expect(summary.totalEntitledPayinAmount, `${id}`).toBe(entitledPayin);
      expect(summary.totalSettledPayinAmount, `${id}`).toBe(settledPayin);
      expect(summary.totalOutstandingPayinAmount).toBe(
        fromScaled(cents(entitledPayin) - cents(settledPayin), 2),
      );
      expect(summary.showBadge).toBe(cents(entitledPayin) > cents(settledPayin));
      expect(payout.totalEntitledPayoutAmount).toBe(entitledPayout);
      expect(payout.totalSettledPayoutAmount).toBe(settledPayout);
      expect(payout.totalOutstandingPayoutAmount).toBe(
        fromScaled(cents(entitledPayout) - cents(settledPayout), 2),
      );
      expect(summary.totalPayAmount).toBe(payAmount);
      expect(summary.totalSettledAmount).toBe(settledPayout);
      expect(summary.totalOutstandingAmount).toBe(fromScaled(cents(payAmount) - cents(settledPayout), 2));

      // The lines the screen prints add up to its totals.
      expect(sumCents(payin.items.map((i) => i.totalPayAmount))).toBe(summary.totalEntitledPayinAmount);
      expect(sumCents(payin.items.map((i) => i.totalSettledAmount))).toBe(summary.totalSettledPayinAmount);
      for (const item of payin.items) {
        expect(sumCents(item.settlementList.map((s) => s.settledAmount))).toBe(item.totalSettledAmount);
        expect(cents(item.totalOutstandingAmount)).toBe(
          cents(item.totalPayAmount) - cents(item.totalSettledAmount),
        );
        expect(item.fullySettled).toBe(cents(item.totalSettledAmount) >= cents(item.totalPayAmount));
      }
      expect(summary.noOfSettled).toBe(payin.items.filter((i) => i.fullySettled).length);
      expect(payin.totalPayinPercent).toBe(sumRates(payin.items.map((i) => i.groupPayinRate)));
      expect(summary.payinTotalRate).toBe(payin.totalPayinPercent);
      expect(summary.payoutTotalRate).toBe(sumRates(summary.payouts.map((p) => p.totalRate)));
      expect(sumCents(summary.payouts.map((p) => p.payAmount))).toBe(summary.totalPayAmount);
      const timeline = payout.overallPayouts.flatMap((p) =>
        p.settlementInfo.timeline.map((s) => s.settled_amount),
      );
      expect(sumCents(timeline)).toBe(payout.totalSettledPayoutAmount);
      for (const mode of payout.payModes) expect(PAY_MODES).toContain(mode);
    }
  });

  it('words the instalment title in the request language', async () => {
    const en = await detailOf(busiest.id);
    expect(en.payout.installmentInfoTitle).toMatch(/^Instalments: \d+, settled: \d+$/);
    const zh = await detailOf(busiest.id, await agentFor(t, 'staff', STAFF_HOST, 'zh'));
    expect(zh.payout.installmentInfoTitle).toBe(
      `分期數：${en.payout.totalInstallmentNo}，已結算：${en.payout.installmentInfoTitle.split(': ').at(-1)}`,
    );
  });
});

describe('GET /internal/revenues/payout_record/{id}', () => {
  const recordsPage = async (query: string): Promise<PayoutRecordsResponse> => {
    const response = await staff.get(`/internal/revenues/payout_record/${busiest.id}${query}`);
    expect(response.statusCode, query).toBe(200);
    return payoutRecordsResponseSchema.parse(response.json());
  };

  it('pages one record at a time through every record, in due-date order, then answers an empty page', async () => {
    const first = await recordsPage('');
    expect(first.totalSize).toBe(busiest.records);
    expect(busiest.records).toBeGreaterThan(1);
    const seen: PayoutRecordsResponse['payoutRecords'] = [];
    for (let page = 0; page < first.totalSize; page++) {
      const answer = await recordsPage(`?page=${page}`);
      expect(answer.payoutRecords).toHaveLength(1);
      expect(answer.totalSize).toBe(first.totalSize);
      expect(answer.payOutAmount).toBe(first.payOutAmount);
      seen.push(...answer.payoutRecords);
    }
    expect((await recordsPage('?page=0')).payoutRecords).toEqual(first.payoutRecords);
    const ids = seen.map((r) => r.recordId);
    expect(new Set(ids).size).toBe(first.totalSize);
    const sortKeys = seen.map((r) => `${r.dueDate}|${String(r.installmentNo).padStart(4, '0')}`);
    expect(sortKeys).toEqual([...sortKeys].sort());
    const stored = await t.database.db
      .select({ id: revenuePayoutRecords.id })
      .from(revenuePayoutRecords)
      .innerJoin(revenuePayouts, eq(revenuePayouts.id, revenuePayoutRecords.payoutId))
      .where(eq(revenuePayouts.revenueId, busiest.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(stored.map((r) => r.id).sort((a, b) => a - b));
    expect(sumCents(seen.map((r) => r.payOutAmount))).toBe(first.payOutAmount);

    const past = await recordsPage(`?page=${first.totalSize}`);
    expect(past).toEqual({ payoutRecords: [], payOutAmount: first.payOutAmount, totalSize: first.totalSize });
  });

  it('filters by pay mode: the modes partition the records and their amounts', async () => {
    const all = await recordsPage('?pay_mode=');
    const byMode = await Promise.all(PAY_MODES.map((mode) => recordsPage(`?pay_mode=${mode}`)));
    expect(byMode.reduce((n, answer) => n + answer.totalSize, 0)).toBe(all.totalSize);
    expect(sumCents(byMode.map((answer) => answer.payOutAmount))).toBe(all.payOutAmount);
    for (const [index, mode] of PAY_MODES.entries()) {
      const answer = byMode[index];
      if (!answer) continue;
      for (let page = 0; page < answer.totalSize; page++) {
        const [record] = (await recordsPage(`?pay_mode=${mode}&page=${page}`)).payoutRecords;
        expect(record?.payMode).toBe(mode);
      }
    }
    const detail = await detailOf(busiest.id);
    expect(detail.payout.payModes).toEqual(PAY_MODES.filter((_, i) => (byMode[i]?.totalSize ?? 0) > 0));
    expect(detail.payout.totalEntitledPayoutAmount).toBe(all.payOutAmount);
  });
});
