import { policyOwnerReport } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { clients, policies, producers } from '../../../../db/schema/index.js';
import { defineServerList } from '../../../../lists/index.js';
import { toId, toText } from '../../../../lists/row-values.js';
import { allOf, planReportConditions } from '../../shared/plan-report-filters.js';

type PolicyOwnerRow = {
  clientId: unknown;
  clientNo: string;
  ownerName: string;
  address: string;
  phone: string;
  email: string;
  planCount: unknown;
  policyNos: string | null;
  consultant: string | null;
};

const owned = sql.raw('owned');

/**
 * Policy owner (type 12): one row per client owning at least one plan that policy summary (type 10) lists for the
 * same filters, with how many of those plans and their numbers (in number order), and the contact details as stored:
 * the correspondence address when the client gave one, else the residential address (as the plan detail shows
 * it), every phone and every e-mail. The consultant is the one who looks after the client.
 */
export const policyOwnerServerReport = defineServerList({
  contract: policyOwnerReport,
  columns: {
    clientId: clients.id,
    clientNo: clients.clientNo,
    ownerName: clients.fullName,
    address: sql`array_to_string(case when cardinality(${clients.correspondenceAddress}) > 0
      then ${clients.correspondenceAddress} else ${clients.residentialAddress} end, ', ')`,
    phone: sql`array_to_string(${clients.phones}, ', ')`,
    email: sql`array_to_string(${clients.emails}, ', ')`,
    planCount: sql`${owned}.plan_count`,
    policyNos: sql`${owned}.policy_nos`,
    consultant: producers.name,
  },
  source(scope, criteria) {
    const ownsPlan = allOf([
      sql`${policies.ownerClientId} = ${clients.id}`,
      ...planReportConditions(scope, criteria),
    ]);
    return {
      from: sql`${clients}`,
      // The count and the numbers read the same plans as the exists below: one predicate, written once.
      lookups: sql`left join ${producers} on ${producers.id} = ${clients.servicingProducerId}
        left join lateral (
          select count(*)::int as plan_count,
            string_agg(${policies.planNo}, ', ' order by ${policies.planNo}) as policy_nos
          from ${policies} where ${ownsPlan}
        ) as ${owned} on true`,
      where: [sql`exists (select 1 from ${policies} where ${ownsPlan})`],
    };
  },
  sortExpressions: {
    ownerName: clients.fullName,
    clientNo: clients.clientNo,
    planCount: sql`${owned}.plan_count`,
    consultant: producers.name,
  },
  sortsWithoutLookups: ['ownerName', 'clientNo'],
  idColumn: clients.id,
  toItem: (row: PolicyOwnerRow) => ({
    clientId: toId(row.clientId),
    clientNo: toText(row.clientNo),
    ownerName: toText(row.ownerName),
    address: toText(row.address),
    phone: toText(row.phone),
    email: toText(row.email),
    planCount: Number(row.planCount),
    policyNos: toText(row.policyNos),
    consultant: toText(row.consultant),
  }),
});
