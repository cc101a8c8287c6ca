import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { commissionImports } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';

/**
 * POST /internal/commission-imports/{id}/post: writes each matched line of the preview as a pay-in settlement of its
 * instalment (ref. no. IMP<import>-<line>, received on the statement date), which the revenue screens show and the
 * ledger's triggers turn into received lines, and records the line's key as posted. Idempotent on two levels: an
 * import posts once (its row is locked, a second call finds it posted and answers 0), and a line posts once whatever
 * file brings it (commission_import_postings keyed by the line's key; posting of one insurer is serialized by an
 * advisory lock, so two imports of the same lines at once cannot both write them).
 */
export async function postImport(db: Db, id: number, now: Date): Promise<{ posted: number }> {
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select provider_id, status from commission_imports where id = ${id} for update`,
    )) as unknown as { rows: { provider_id: number | string; status: string }[] };
    const current = locked.rows[0];
    if (!current) throw new HttpError(404, 'import.notFound');
    if (current.status === 'posted') return { posted: 0 };
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('commission-import:' || ${String(current.provider_id)}))`,
    );
    const written = (await tx.execute(sql`
      with candidates as (
        select l.import_id, l.line_no, l.line_key, l.payin_item_id, l.statement_date, l.amount
        from commission_import_lines l
        where l.import_id = ${id} and l.status = 'matched'
          and not exists (select 1 from commission_import_postings p where p.line_key = l.line_key)
      ), settled as (
        insert into revenue_payin_settlements (payin_item_id, ref_no, cutoff_on, actual_receive_on, settled_amount)
        select payin_item_id, 'IMP' || import_id || '-' || line_no, date_trunc('month', statement_date)::date,
          statement_date, amount
        from candidates
        returning id, ref_no
      ), posted as (
        insert into commission_import_postings (line_key, import_id, line_no, settlement_id)
        select c.line_key, c.import_id, c.line_no, s.id
        from candidates c join settled s on s.ref_no = 'IMP' || c.import_id || '-' || c.line_no
        returning 1
      )
      select count(*)::int as n from posted`)) as unknown as { rows: { n: number | string }[] };
    const posted = Number(written.rows[0]?.n ?? 0);
    await tx
      .update(commissionImports)
      .set({ status: 'posted', posted, postedAt: now })
      .where(eq(commissionImports.id, id));
    return { posted };
  });
}
