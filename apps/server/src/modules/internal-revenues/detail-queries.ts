import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clients,
  policies,
  policyItems,
  producers,
  products,
  revenueClients,
  revenuePayinItems,
  revenuePayinRates,
  revenuePayinSettlements,
  revenuePayoutRecords,
  revenuePayoutSettlements,
  revenuePayouts,
  revenues,
  serviceCompanies,
} from '../../db/schema/index.js';

/** The revenue row with the names of what it points at, or undefined when there is no such revenue. */
export async function selectRevenueRow(db: Db, revenueId: number) {
  const [row] = await db
    .select({
      revenue: revenues,
      serviceCompanyName: serviceCompanies.name,
      policyPlanNo: policies.planNo,
      policyCurrency: policies.currency,
      productName: products.name,
      policyItemType: policyItems.policyType,
      policyItemCommenceOn: policyItems.commenceDate,
      policyItemModalPremium: policyItems.modalPremium,
    })
    .from(revenues)
    .innerJoin(serviceCompanies, eq(serviceCompanies.id, revenues.serviceCompanyId))
    .leftJoin(policies, eq(policies.id, revenues.policyId))
    .leftJoin(products, eq(products.id, revenues.productId))
    .leftJoin(policyItems, eq(policyItems.id, revenues.policyItemId))
    .where(eq(revenues.id, revenueId))
    .limit(1);
  return row;
}
export type RevenueRow = NonNullable<Awaited<ReturnType<typeof selectRevenueRow>>>;

export function selectRevenueClients(db: Db, revenueId: number) {
  return db
    .select({ id: clients.id, name: clients.fullName })
    .from(revenueClients)
    .innerJoin(clients, eq(clients.id, revenueClients.clientId))
    .where(eq(revenueClients.revenueId, revenueId))
    .orderBy(asc(clients.fullName), asc(clients.id));
}

export function selectPayinItems(db: Db, revenueId: number) {
  return db
    .select()
    .from(revenuePayinItems)
    .where(eq(revenuePayinItems.revenueId, revenueId))
    .orderBy(asc(revenuePayinItems.installmentNo));
}

export function selectPayinSettlements(db: Db, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(revenuePayinSettlements)
    .where(inArray(revenuePayinSettlements.payinItemId, itemIds))
    .orderBy(asc(revenuePayinSettlements.actualReceiveOn), asc(revenuePayinSettlements.id));
}

/** The rate in effect on `today`: the latest one whose effective date is not after it. */
export async function selectCurrentPayinRate(db: Db, revenueId: number, today: string) {
  const [row] = await db
    .select()
    .from(revenuePayinRates)
    .where(and(eq(revenuePayinRates.revenueId, revenueId), lte(revenuePayinRates.effectiveDate, today)))
    .orderBy(desc(revenuePayinRates.effectiveDate))
    .limit(1);
  return row;
}

export function selectPayouts(db: Db, revenueId: number) {
  return db
    .select({ payout: revenuePayouts, producerName: producers.name })
    .from(revenuePayouts)
    .innerJoin(producers, eq(producers.id, revenuePayouts.producerId))
    .where(eq(revenuePayouts.revenueId, revenueId))
    .orderBy(asc(producers.name), asc(revenuePayouts.id));
}

export function selectPayoutSettlements(db: Db, payoutIds: number[]) {
  if (payoutIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(revenuePayoutSettlements)
    .where(inArray(revenuePayoutSettlements.payoutId, payoutIds))
    .orderBy(asc(revenuePayoutSettlements.bankInOn), asc(revenuePayoutSettlements.id));
}

/** Every pay-out record of the revenue (amount, instalment, mode): the pay-out tab's entitled figures. */
export function selectPayoutRecordFigures(db: Db, revenueId: number) {
  return db
    .select({
      installmentNo: revenuePayoutRecords.installmentNo,
      payMode: revenuePayoutRecords.payMode,
      payOutAmount: revenuePayoutRecords.payOutAmount,
    })
    .from(revenuePayoutRecords)
    .innerJoin(revenuePayouts, eq(revenuePayouts.id, revenuePayoutRecords.payoutId))
    .where(eq(revenuePayouts.revenueId, revenueId));
}
