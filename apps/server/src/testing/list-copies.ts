import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/*
 * The list rows' copies (decision 039, migrations 0022–0023) against what they copy, per table: how many rows hold
 * a name, plan number, statement account number or search document other than the triggers would write today.
 */
const OFF_BY_TABLE = sql`
  select 'applications' as list_table, count(*) filter (where a.client_name is distinct from c.full_name
      or a.product_name is distinct from p.name or a.consultant_name is distinct from r.name
      or a.search_text is distinct from list_search_text(a.policy_no, a.insured_name, c.full_name, c.client_no))::int
      as off, count(*)::int as rows
  from applications a join clients c on c.id = a.client_id join products p on p.id = a.product_id
    join producers r on r.id = a.producer_id
  union all
  select 'policies', count(*) filter (where pl.client_name is distinct from c.full_name
      or pl.product_name is distinct from p.name or pl.consultant_name is distinct from r.name
      or pl.search_text is distinct from list_search_text(pl.plan_no, c.full_name, c.client_no)
      or pl.account_no is distinct from (select sa.account_no from statement_accounts sa
        where sa.policy_id = pl.id and sa.account_type = 'POLICY' order by sa.id limit 1))::int, count(*)::int
  from policies pl join clients c on c.id = pl.owner_client_id join products p on p.id = pl.product_id
    join producers r on r.id = pl.servicing_producer_id
  union all
  select 'service_records', count(*) filter (where sr.plan_no is distinct from pl.plan_no
      or sr.insured_name is distinct from pl.insured_name or sr.client_name is distinct from c.full_name
      or sr.product_name is distinct from p.name or sr.consultant_name is distinct from r.name
      or sr.search_text is distinct from
        list_search_text(sr.unique_id, pl.plan_no, pl.insured_name, c.full_name, c.client_no))::int, count(*)::int
  from service_records sr join policies pl on pl.id = sr.policy_id join clients c on c.id = pl.owner_client_id
    join products p on p.id = pl.product_id join producers r on r.id = sr.producer_id`;

export interface ListCopies {
  list_table: string;
  off: number;
  rows: number;
}

/** Rows whose copies differ from their sources, and rows checked, for each list table. */
export async function listCopiesOff(db: Db): Promise<ListCopies[]> {
  const result = (await db.execute(OFF_BY_TABLE)) as unknown as { rows: ListCopies[] };
  return result.rows.map((row) => ({ ...row, off: Number(row.off), rows: Number(row.rows) }));
}
