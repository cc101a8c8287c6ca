import { HONG_KONG_TIME_ZONE, type Language, type ReportForm } from '@portal/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  applicationStageHistory,
  applications,
  clients,
  policies,
  producers,
  products,
  providers,
} from '../../../db/schema/index.js';
import { producerFilter, type TeamScope } from '../../../db/team-scope.js';
import { type MessageKey, translator } from '../../../i18n/index.js';
import { toId, toNullableText, toText } from '../../../lists/row-values.js';
import { domainWords } from '../../../render/domain-texts.js';
import { periodFilters } from './plan-report-filters.js';

/*
 * What the new-business reports (types 2–5) share: which date of an application a period reads, the application's
 * status, the outcome buckets of report 4 and the annualized premium. One definition each, so report 4's counts are
 * exactly the rows report 3 lists for the same form (docs/reports.md).
 */

export type ApplicationReportFilters = Pick<
  ReportForm,
  'dateType' | 'dateFrom' | 'dateTo' | 'excludeStatus' | 'status' | 'productType'
>;

/**
 * The date a report's period reads: APPL the day the office received the application, APPLSENT the day it went to
 * the provider, POLICY the plan's commence date. An empty date type (type 5 has no default) reads APPL.
 */
export function applicationDateColumn(dateType: ApplicationReportFilters['dateType']): PgColumn {
  if (dateType === 'APPLSENT') return applications.sentDate;
  if (dateType === 'POLICY') return applications.commenceDate;
  return applications.receivedDate;
}

/**
 * The status of an application: its plan's status once the plan is on file (issued, then perhaps lapsed or cooled
 * off), before that the status its stage means — received (1–2), in progress (3–5), accepted (6–7), cancelled (8).
 * Needs `policies` joined on `applications.policy_id` (applicationFrom).
 */
export const applicationStatus: SQL = sql`coalesce(${policies.statusCode}, case
  when ${applications.stage} in (1, 2) then 'RCV'
  when ${applications.stage} in (3, 4, 5) then 'AIP'
  when ${applications.stage} in (6, 7) then 'ACT'
  else 'CAN' end)`;

/** Applications with their plan (left join: a plan only exists once issued). Unused, PostgreSQL drops the join. */
export const applicationFrom: SQL = sql`${applications}
  left join ${policies} on ${policies.id} = ${applications.policyId}`;

/** Scope, period, status and product type: the rows of report 3, and what report 4 counts. */
export function applicationFilters(
  scope: TeamScope,
  criteria: ApplicationReportFilters,
): (SQL | undefined)[] {
  const excluded = criteria.excludeStatus ?? [];
  return [
    producerFilter(scope, applications.producerId),
    ...periodFilters(applicationDateColumn(criteria.dateType), criteria),
    excluded.length > 0 ? sql`${applicationStatus} not in ${excluded}` : undefined,
    criteria.status ? sql`${applicationStatus} = ${criteria.status}` : undefined,
    criteria.productType ? sql`${applications.category} = ${criteria.productType}` : undefined,
  ];
}

/** Report 4's outcome of an application: pending before the provider issues (1–5), issued (6–7), cancelled (8). */
export const PENDING_STAGES = [1, 2, 3, 4, 5] as const;
export const ISSUED_STAGES = [6, 7] as const;
export const isIssued: SQL = inArray(applications.stage, [...ISSUED_STAGES]);

/**
 * Modal premium × payments a year of the application's mode (M 12, Q 4, H 2, A 1; a single premium S counts once,
 * in the year it is paid). Null when the premium or the mode is not on file.
 */
export const annualizedPremium: SQL = sql`(${applications.modalPremium} * case ${applications.paymentFrequency}
  when 'M' then 12 when 'Q' then 4 when 'H' then 2 when 'A' then 1 when 'S' then 1 end)`;

/** Hong Kong day the application entered its current stage (its last history entry for that stage). */
export const stageSince: SQL = sql`(select (max(${applicationStageHistory.changedAt}) at time zone ${HONG_KONG_TIME_ZONE})::date
  from ${applicationStageHistory}
  where ${applicationStageHistory.applicationId} = ${applications.id}
    and ${applicationStageHistory.stage} = ${applications.stage}
    and ${applicationStageHistory.requirementId} is null)`;

/** Days from that day to today in Hong Kong: the same figure as the application's detail page. */
export const daysInStage: SQL = sql`((now() at time zone ${HONG_KONG_TIME_ZONE})::date - ${stageSince})`;

/** Lookups of an application row: product, provider, client, consultant. */
export const applicationLookups: SQL = sql`left join ${products} on ${products.id} = ${applications.productId}
  left join ${providers} on ${providers.id} = ${products.providerId}
  left join ${clients} on ${clients.id} = ${applications.clientId}
  left join ${producers} on ${producers.id} = ${applications.producerId}`;

/** The columns every application row selects (report 3 and report 5). */
export const applicationColumns = {
  caaId: applications.id,
  receivedDate: sql`${applications.receivedDate}::text`,
  sentDate: sql`${applications.sentDate}::text`,
  commenceDate: sql`${applications.commenceDate}::text`,
  policyNo: applications.policyNo,
  clientNo: clients.clientNo,
  clientName: clients.fullName,
  category: applications.category,
  productName: products.name,
  providerName: providers.name,
  actionType: applications.actionType,
  stage: applications.stage,
  status: applicationStatus,
  currency: applications.currency,
  consultant: producers.name,
};

export type ApplicationRow = { [K in keyof typeof applicationColumns]: unknown };

/** Sort keys shared by the application reports. */
export const applicationSorts = {
  receivedDate: applications.receivedDate,
  sentDate: applications.sentDate,
  commenceDate: applications.commenceDate,
  policyNo: applications.policyNo,
  clientName: clients.fullName,
  productName: products.name,
  stage: applications.stage,
  consultant: producers.name,
};

export const stageWord = (language: Language, stage: number) =>
  translator(language)(`details.stage${stage}` as MessageKey);

/** The words of an application row in the reader's language. */
export function applicationItem(row: ApplicationRow, language: Language) {
  const words = domainWords(language);
  const stage = Number(row.stage);
  return {
    caaId: toId(row.caaId),
    receivedDate: toText(row.receivedDate),
    sentDate: toNullableText(row.sentDate),
    commenceDate: toNullableText(row.commenceDate),
    policyNo: toNullableText(row.policyNo),
    clientNo: toText(row.clientNo),
    clientName: toText(row.clientName),
    productType: words.productCategory(toText(row.category)),
    productName: toText(row.productName),
    providerName: toText(row.providerName),
    action: translator(language)(`details.action${toText(row.actionType)}` as MessageKey),
    stage,
    stageName: stageWord(language, stage),
    status: words.policyStatus(toText(row.status), toText(row.status)),
    currency: toText(row.currency),
    consultant: toText(row.consultant),
  };
}
