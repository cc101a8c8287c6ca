import { newClientReport } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { applications, clients, policies, producers, products } from '../../../../db/schema/index.js';
import { producerFilter } from '../../../../db/team-scope.js';
import { defineServerList } from '../../../../lists/index.js';
import { toId, toNullableText, toText } from '../../../../lists/row-values.js';
import { domainWords } from '../../../../render/domain-texts.js';
import { applicationDateColumn } from '../../shared/application-report-sql.js';
import { periodFilters } from '../../shared/plan-report-filters.js';

type NewClientRow = {
  clientId: unknown;
  clientNo: unknown;
  clientName: unknown;
  receivedDate: unknown;
  sentDate: unknown;
  commenceDate: unknown;
  policyNo: unknown;
  category: unknown;
  productName: unknown;
  consultant: unknown;
  phone: unknown;
  email: unknown;
  plans: unknown;
};

const earlier = alias(applications, 'earlier');

/**
 * Report 2: one row per client, the client's first application with the scope — the earliest received (id breaks a
 * tie), cancelled ones (stage 8) not counting — when that application's date of the chosen basis is in the period.
 * The scope's applications of the period are read through the per-producer date indexes, and each is checked for an
 * earlier one of the same client by the client index, so a period never reads the team's whole history.
 */
export const newClientServerReport = defineServerList({
  contract: newClientReport,
  columns: {
    clientId: applications.clientId,
    clientNo: clients.clientNo,
    clientName: clients.fullName,
    receivedDate: sql`${applications.receivedDate}::text`,
    sentDate: sql`${applications.sentDate}::text`,
    commenceDate: sql`${applications.commenceDate}::text`,
    policyNo: applications.policyNo,
    category: applications.category,
    productName: products.name,
    consultant: producers.name,
    phone: sql`array_to_string(${clients.phones}, ', ')`,
    email: sql`array_to_string(${clients.emails}, ', ')`,
    plans: sql.raw('client_plans.plans'),
  },
  source(scope, criteria) {
    return {
      from: sql`${applications}`,
      // Plans the client owns with the scope (not with other teams, which the producer may not see).
      lookups: sql`left join ${products} on ${products.id} = ${applications.productId}
        left join ${clients} on ${clients.id} = ${applications.clientId}
        left join ${producers} on ${producers.id} = ${applications.producerId}
        left join lateral (select count(*)::int as plans from ${policies}
          where ${policies.ownerClientId} = ${applications.clientId}
            and ${producerFilter(scope, policies.servicingProducerId)}) as client_plans on true`,
      where: [
        producerFilter(scope, applications.producerId),
        sql`${applications.stage} <> 8`,
        ...periodFilters(applicationDateColumn(criteria.dateType), criteria),
        criteria.productType ? sql`${applications.category} = ${criteria.productType}` : undefined,
        sql`not exists (select 1 from ${applications} as ${sql.identifier('earlier')}
          where ${earlier.clientId} = ${applications.clientId}
            and ${earlier.stage} <> 8
            and ${producerFilter(scope, earlier.producerId)}
            and (${earlier.receivedDate}, ${earlier.id}) < (${applications.receivedDate}, ${applications.id}))`,
      ],
    };
  },
  sortExpressions: {
    receivedDate: applications.receivedDate,
    clientName: clients.fullName,
    clientNo: clients.clientNo,
    productName: products.name,
    consultant: producers.name,
  },
  sortsWithoutLookups: ['receivedDate'],
  idColumn: applications.id,
  toItem: (row: NewClientRow, language) => ({
    clientId: toId(row.clientId),
    clientNo: toText(row.clientNo),
    clientName: toText(row.clientName),
    receivedDate: toText(row.receivedDate),
    sentDate: toNullableText(row.sentDate),
    commenceDate: toNullableText(row.commenceDate),
    policyNo: toNullableText(row.policyNo),
    productType: domainWords(language).productCategory(toText(row.category)),
    productName: toText(row.productName),
    consultant: toText(row.consultant),
    phone: toText(row.phone),
    email: toText(row.email),
    plans: Number(row.plans ?? 0),
  }),
});
