import { and, asc, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clients,
  commissionStatements,
  policies,
  producers,
  revenueClients,
  revenuePayoutRecords,
  revenuePayouts,
  revenues,
  serviceCompanies,
} from '../../db/schema/index.js';

/** The statements issued to a producer from `fromMonth` to `toMonth` (first days), newest month first. */
export function selectIssuedStatements(db: Db, producerId: number, fromMonth: string, toMonth: string) {
  return db
    .select({
      month: commissionStatements.month,
      regionCode: commissionStatements.regionCode,
      period: commissionStatements.period,
      producerCode: producers.code,
      companyCode: serviceCompanies.code,
      companyName: serviceCompanies.name,
    })
    .from(commissionStatements)
    .innerJoin(producers, eq(producers.id, commissionStatements.producerId))
    .innerJoin(serviceCompanies, eq(serviceCompanies.id, commissionStatements.serviceCompanyId))
    .where(
      and(
        eq(commissionStatements.producerId, producerId),
        gte(commissionStatements.month, fromMonth),
        lte(commissionStatements.month, toMonth),
      ),
    )
    .orderBy(
      desc(commissionStatements.month),
      asc(commissionStatements.regionCode),
      asc(serviceCompanies.code),
    );
}

/** One issued statement by the download's keys; the Advisor Code must be the producer's (any letter case). */
export async function selectStatement(
  db: Db,
  key: { producerId: number; code: string; month: string; regionCode: string; company: string },
) {
  const [row] = await db
    .select({
      month: commissionStatements.month,
      regionCode: commissionStatements.regionCode,
      period: commissionStatements.period,
      issuedAt: commissionStatements.issuedAt,
      serviceCompanyId: commissionStatements.serviceCompanyId,
      companyCode: serviceCompanies.code,
      companyName: serviceCompanies.name,
      producerCode: producers.code,
      producerName: producers.name,
    })
    .from(commissionStatements)
    .innerJoin(producers, eq(producers.id, commissionStatements.producerId))
    .innerJoin(serviceCompanies, eq(serviceCompanies.id, commissionStatements.serviceCompanyId))
    .where(
      and(
        eq(commissionStatements.producerId, key.producerId),
        eq(commissionStatements.month, key.month),
        eq(commissionStatements.regionCode, key.regionCode),
        // The download names the company by code or by name (commissionDownloadQuerySchema).
        or(eq(serviceCompanies.code, key.company), eq(serviceCompanies.name, key.company)),
        sql`upper(${producers.code}) = upper(${key.code})`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The lines of a statement: the producer's pay-out records of revenues the company services, due from `fromDate`
 * to `toDate` inclusive, grouped by currency, then by due date. The same rows the back office's pay-out records show.
 */
export function selectStatementLines(
  db: Db,
  p: { producerId: number; serviceCompanyId: number; fromDate: string; toDate: string },
) {
  const clientNames = sql<
    string | null
  >`(select string_agg(${clients.fullName}, ', ' order by ${clients.fullName})
    from ${revenueClients} join ${clients} on ${clients.id} = ${revenueClients.clientId}
    where ${revenueClients.revenueId} = ${revenues.id})`;
  return db
    .select({
      recordId: revenuePayoutRecords.id,
      refNo: revenues.refNo,
      policyNo: sql<string | null>`coalesce(${policies.planNo}, ${revenues.accountNo})`,
      clientNames,
      commissionType: revenues.commissionType,
      installmentNo: revenuePayoutRecords.installmentNo,
      totalInstallmentNo: revenues.totalInstallmentNo,
      payMode: revenuePayoutRecords.payMode,
      dueDate: revenuePayoutRecords.dueDate,
      currency: revenues.receivedCurrency,
      amount: revenuePayoutRecords.payOutAmount,
    })
    .from(revenuePayoutRecords)
    .innerJoin(revenuePayouts, eq(revenuePayouts.id, revenuePayoutRecords.payoutId))
    .innerJoin(revenues, eq(revenues.id, revenuePayouts.revenueId))
    .leftJoin(policies, eq(policies.id, revenues.policyId))
    .where(
      and(
        eq(revenuePayouts.producerId, p.producerId),
        eq(revenues.serviceCompanyId, p.serviceCompanyId),
        gte(revenuePayoutRecords.dueDate, p.fromDate),
        lte(revenuePayoutRecords.dueDate, p.toDate),
      ),
    )
    .orderBy(
      asc(revenues.receivedCurrency),
      asc(revenuePayoutRecords.dueDate),
      asc(revenues.refNo),
      asc(revenuePayoutRecords.installmentNo),
      asc(revenuePayoutRecords.id),
    );
}

export type StatementLine = Awaited<ReturnType<typeof selectStatementLines>>[number];
export type IssuedStatement = NonNullable<Awaited<ReturnType<typeof selectStatement>>>;
