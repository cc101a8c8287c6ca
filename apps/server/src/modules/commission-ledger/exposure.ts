import {
  CLAWBACK_EXPOSURE_MAX_LINES,
  type ClawbackExposure,
  type clawbackExposureQuerySchema,
  hongKongToday,
  LEDGER_REPORTING_CURRENCY,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { producerFilter } from '../../db/team-scope.js';
import { type LedgerContext, type LedgerRequester, ledgerScope } from './context.js';

interface ExposureRow {
  policyNo: string;
  producerCode: string;
  amountAtRisk: string;
  paidCommission: string;
  clawbackPercent: string;
  windowEndsOn: string;
  paymentStatus: string | null;
  total: string;
  totalSize: number | string;
}

/**
 * GET /b2b/clawback-exposure: for each policy of the scope still in force and inside its clawback window today, what
 * would be clawed back if it lapsed today — the commission paid on it (reporting currency) × the rule's percentage
 * for the months since issue (commission_clawback_percent, the same function the lapse trigger charges by) — and
 * the window's last day. Overdue premiums first (the likeliest lapses), then the largest amounts.
 */
export async function loadClawbackExposure(
  ctx: LedgerContext,
  who: LedgerRequester,
  query: z.output<typeof clawbackExposureQuerySchema>,
): Promise<ClawbackExposure> {
  const scope = await ledgerScope(ctx, who, query, 'clawback_exposure');
  const today = hongKongToday(ctx.now());
  const result = (await ctx.db.execute(sql`
    with paid as (
      select l.policy_id, l.producer_id, sum(l.reporting_amount) as paid
      from commission_ledger_lines l
      where ${producerFilter(scope, sql`l.producer_id`)} and l.stage = 'paid' and l.policy_id is not null
      group by l.policy_id, l.producer_id
    ), at_risk as (
      select pol.plan_no, p.code, paid.paid, pol.payment_status, w.pct,
             round(paid.paid * w.pct / 100, 2) as amount,
             ((pol.commence_date + make_interval(months => w.window_months))::date - 1) as window_end
      from paid
      join policies pol on pol.id = paid.policy_id
      join producers p on p.id = paid.producer_id
      join policy_statuses st on st.code = pol.status_code and not st.is_terminated
      cross join lateral (
        select commission_clawback_percent(pol.product_id,
                 (extract(year from age(${today}::date, pol.commence_date)) * 12
                  + extract(month from age(${today}::date, pol.commence_date)))::int) as pct,
               (select max(r.month_to) from commission_clawback_rules r
                where r.product_id = pol.product_id or (r.product_id is null and not exists
                  (select 1 from commission_clawback_rules o where o.product_id = pol.product_id)))::int as window_months
      ) w
      where pol.commence_date is not null and pol.commence_date <= ${today}::date and w.pct is not null and paid.paid > 0
    )
    select plan_no as "policyNo", code as "producerCode", amount::text as "amountAtRisk", paid::text as "paidCommission",
           pct::numeric(9, 2)::text as "clawbackPercent", to_char(window_end, 'YYYY-MM-DD') as "windowEndsOn",
           payment_status as "paymentStatus",
           (sum(amount) over ())::numeric(20, 2)::text as total, count(*) over () as "totalSize"
    from at_risk
    order by (payment_status = 'OVERDUE') desc nulls last, amount desc, plan_no, code
    limit ${CLAWBACK_EXPOSURE_MAX_LINES}`)) as unknown as { rows: ExposureRow[] };
  const first = result.rows[0];
  return {
    total: first?.total ?? '0.00',
    totalSize: Number(first?.totalSize ?? 0),
    currency: LEDGER_REPORTING_CURRENCY,
    data: result.rows.map(({ total: _total, totalSize: _size, ...line }) => line),
  };
}
