import type { ImportLineStatus } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { StatementLine } from './statement-lines.js';

interface PolicyRow {
  id: number | string;
  plan_no: string;
  servicing_code: string;
}

interface OpenItemRow {
  policy_id: number | string;
  revenue_id: number | string;
  item_id: number | string;
  currency: string;
  outstanding: string;
  payout_codes: string[] | null;
}

export interface MatchedLine extends StatementLine {
  status: Exclude<ImportLineStatus, 'duplicate'>;
  reason: string | null;
  revenueId: number | null;
  payinItemId: number | null;
  expectedAmount: string | null;
}

const list = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Cents of a decimal string, exactly (no doubles). */
const cents = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
};

/**
 * Matches a batch of statement lines of one insurer: the policy (its plan number among the insurer's products), the
 * producer (when the statement names one: the plan's servicing producer or a producer paid on its revenue), and an
 * open pay-in instalment of the plan's revenues in the line's currency whose outstanding amount is within the
 * template's tolerance of the line's amount (the earliest such instalment). Two indexed reads per batch.
 */
export async function matchLines(
  db: Db,
  providerId: number,
  lines: StatementLine[],
  tolerancePercent: string,
): Promise<MatchedLine[]> {
  const planNos = [...new Set(lines.map((line) => line.policyNo))];
  const policies =
    planNos.length === 0
      ? []
      : (
          (await db.execute(sql`
            select pol.id, pol.plan_no, sp.code as servicing_code
            from policies pol
            join products pr on pr.id = pol.product_id
            join producers sp on sp.id = pol.servicing_producer_id
            where pol.plan_no in (${list(planNos)}) and pr.provider_id = ${providerId}`)) as unknown as {
            rows: PolicyRow[];
          }
        ).rows;
  const policyByNo = new Map(policies.map((row) => [row.plan_no.toUpperCase(), row]));
  const policyIds = policies.map((row) => Number(row.id));
  const items =
    policyIds.length === 0
      ? []
      : (
          (await db.execute(sql`
            select rv.policy_id, rv.id as revenue_id, i.id as item_id, rv.received_currency as currency,
              (i.total_pay_amount - coalesce((select sum(s.settled_amount) from revenue_payin_settlements s
                                              where s.payin_item_id = i.id), 0))::numeric(20, 2)::text as outstanding,
              (select array_agg(p.code) from revenue_payouts po join producers p on p.id = po.producer_id
               where po.revenue_id = rv.id) as payout_codes
            from revenues rv
            join revenue_payin_items i on i.revenue_id = rv.id
            where rv.policy_id in (${list(policyIds)})
            order by i.projected_receive_on, i.id`)) as unknown as { rows: OpenItemRow[] }
        ).rows;
  const itemsByPolicy = new Map<number, OpenItemRow[]>();
  for (const item of items) {
    const key = Number(item.policy_id);
    itemsByPolicy.set(key, [...(itemsByPolicy.get(key) ?? []), item]);
  }
  const tolerance = cents(tolerancePercent.includes('.') ? tolerancePercent : `${tolerancePercent}.00`);
  return lines.map((line): MatchedLine => {
    const unmatched = (reason: string, expected: string | null = null): MatchedLine => ({
      ...line,
      status: 'unmatched',
      reason,
      revenueId: null,
      payinItemId: null,
      expectedAmount: expected,
    });
    const policy = policyByNo.get(line.policyNo);
    if (!policy) return unmatched('policyNotFound');
    const open = (itemsByPolicy.get(Number(policy.id)) ?? []).filter(
      (item) => item.currency === line.currency && cents(item.outstanding) > 0n,
    );
    if (line.producerCode) {
      const code = line.producerCode.toUpperCase();
      const known = new Set([
        policy.servicing_code.toUpperCase(),
        ...(itemsByPolicy.get(Number(policy.id)) ?? []).flatMap((item) =>
          (item.payout_codes ?? []).map((c) => c.toUpperCase()),
        ),
      ]);
      if (!known.has(code)) return unmatched('producerMismatch');
    }
    if (open.length === 0) return unmatched('noExpectedPayin');
    const amount = cents(line.amount);
    // |amount − outstanding| ≤ outstanding × tolerance% (both sides in cents × 100 to stay in integers).
    const within = open.find((item) => {
      const expected = cents(item.outstanding);
      const gap = amount > expected ? amount - expected : expected - amount;
      return gap * 10000n <= expected * tolerance;
    });
    if (!within) return unmatched('outsideTolerance', open[0]?.outstanding ?? null);
    return {
      ...line,
      status: 'matched',
      reason: null,
      revenueId: Number(within.revenue_id),
      payinItemId: Number(within.item_id),
      expectedAmount: within.outstanding,
    };
  });
}
