import { HONG_KONG_TIME_ZONE, hongKongToday } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

/*
 * Requirements of the demo applications and the scale data set (docs/producer/cases.md), written set-based after the
 * applications and their stage history: one statement each, whatever the number of applications.
 *
 * Which types an application gets: every mandatory type of its site's catalogue, plus the optional ones a hash of the
 * application picks (a medical on a third of the insurance ones, a replacement declaration on a fifth...). Status:
 * an issued application (6, 7) has everything cleared (a few waived); a cancelled one (8) keeps what it had; an
 * application in progress has cleared more the further it got, the rest spread over outstanding, received, under
 * review and rejected. Due dates of open items fall around `today` (some overdue, some due soon), so the home's
 * overdue tile means something on the day the data is loaded.
 */

/** Sets the day each application entered its current stage and its cooling-off end, from the stage history. */
export async function backfillStageDates(tx: Db, fromApplicationId = 0): Promise<void> {
  await tx.execute(sql`update applications as a set stage_entered_at = coalesce(
      (select max(h.changed_at) from application_stage_history h
        where h.application_id = a.id and h.stage = a.stage and h.requirement_id is null),
      a.received_date::timestamp at time zone ${HONG_KONG_TIME_ZONE})
    where a.id > ${fromApplicationId}`);
  await tx.execute(sql`update applications as a set cooling_off_ends_on =
      (select (min(h.changed_at) at time zone ${HONG_KONG_TIME_ZONE})::date from application_stage_history h
        where h.application_id = a.id and h.stage in (6, 7) and h.requirement_id is null) + c.days
    from cooling_off_periods c
    where a.id > ${fromApplicationId} and c.category = a.category and a.stage in (6, 7)`);
}

/**
 * The requirements of every application with an id above `fromApplicationId`, and how many were written. `pick` is a number 0–99 drawn from the
 * application and the type, so the same data set is generated every time.
 */
export async function insertRequirements(tx: Db, now: Date, fromApplicationId = 0): Promise<number> {
  const today = hongKongToday(now);
  // The count comes back with the insert: counting the table before and after read it whole twice.
  const result = await tx.execute(sql`with inserted as (insert into application_requirements
      (application_id, site_code, type_code, producer_id, provider, mandatory, status, reason, due_date,
       status_changed_at, created_at, updated_at)
    select a.id, a.site_code, t.code, a.producer_id, t.provider, t.mandatory, s.status,
      case s.status when 'rejected' then 'The copy is not legible' when 'waived' then 'Not needed for this product' end,
      case when s.status in ('accepted', 'waived') then a.received_date + t.due_days
        else ${today}::date + ((p.pick % 30) - 10) end,
      a.stage_entered_at, a.stage_entered_at, a.stage_entered_at
    from applications a
    join requirement_types t on t.site_code = a.site_code
    cross join lateral (select abs(hashtext(a.id::text || t.code)) % 100 as pick) p
    cross join lateral (select case
        when a.stage in (6, 7) then case when p.pick < 6 and not t.mandatory then 'waived' else 'accepted' end
        when p.pick < a.stage * 14 then 'accepted'
        when p.pick < a.stage * 14 + 30 then 'outstanding'
        when p.pick < a.stage * 14 + 42 then 'received'
        when p.pick < a.stage * 14 + 50 then 'under_review'
        when p.pick < a.stage * 14 + 56 then 'rejected'
        else 'accepted' end as status) s
    where a.id > ${fromApplicationId}
      -- The Important Facts Statement belongs to insurance (long-term and investment-linked) only.
      and (t.code not like 'IFS%' or a.category in ('IN', 'IL'))
      and (t.mandatory
        or (t.code = 'MEDICAL' and a.category in ('IN', 'IL') and p.pick < 35)
        or (t.code = 'REPLACEMENT_DECLARATION' and a.category in ('IN', 'IL') and p.pick < 20)
        or (t.code = 'IFS_3' and a.category = 'IL')
        or (t.code = 'ADDRESS_PROOF' and p.pick < 40))
      returning 1)
    select count(*)::int as n from inserted`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * What the README's demo accounts promise (docs/producer/cases.md): each of the two demo clients has an application
 * in progress with a payment proof outstanding from them (the second one's case is in partner1's team, for the
 * walk from the client's upload to the office's decision), and partner1's team has a pending application with an
 * open mandatory item. Written on the lowest matching ids, so tests find them again.
 */
export async function ensureDemoCases(tx: Db, now: Date): Promise<void> {
  const dueSoon = hongKongToday(new Date(now.getTime() + 7 * 86_400_000));
  for (const clientNo of ['AG10000001', 'AG10000002']) {
    await tx.execute(sql`update application_requirements set status = 'outstanding', reason = null,
        due_date = ${dueSoon}::date
      where id = (select r.id from application_requirements r
        join applications a on a.id = r.application_id
        join clients c on c.id = a.client_id
        where c.client_no = ${clientNo} and a.stage between 1 and 5 and r.type_code = 'PAYMENT_PROOF'
        order by a.id limit 1)`);
  }
  await tx.execute(sql`update application_requirements set status = 'outstanding', reason = null
    where id = (select r.id from application_requirements r
      join applications a on a.id = r.application_id
      join producers p on p.id = a.producer_id
      where p.code = 'A1001' and a.stage between 1 and 5 and r.mandatory and r.type_code = 'SIGNED_APPLICATION'
      order by a.id limit 1)`);
}
