import {
  PAYOUT_RECORDS_PER_PAGE,
  type PayoutRecordsQuery,
  type PayoutRecordsResponse,
} from '@portal/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { producers, revenuePayoutRecords, revenuePayouts, revenues } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';

/**
 * The Particular pay-out view (docs/internal/README.md): the revenue's pay-out records, one per page, in due-date
 * order, with the count and the amount of every record the pay-mode filter keeps. A page past the end is an empty page,
 * not an error.
 */
export async function loadPayoutRecords(
  db: Db,
  revenueId: number,
  query: PayoutRecordsQuery,
): Promise<PayoutRecordsResponse> {
  const [revenue] = await db
    .select({ id: revenues.id })
    .from(revenues)
    .where(eq(revenues.id, revenueId))
    .limit(1);
  if (!revenue) throw new HttpError(404, 'internalRevenues.notFound');

  const conditions: SQL[] = [eq(revenuePayouts.revenueId, revenueId)];
  if (query.pay_mode) conditions.push(eq(revenuePayoutRecords.payMode, query.pay_mode));
  const where = and(...conditions);

  const [totals] = await db
    .select({
      totalSize: sql<number>`count(*)::int`,
      // Summed as numeric in SQL: exact, and the same figure however the records are paged.
      payOutAmount: sql<string>`coalesce(sum(${revenuePayoutRecords.payOutAmount}), 0)::numeric(20, 2)::text`,
    })
    .from(revenuePayoutRecords)
    .innerJoin(revenuePayouts, eq(revenuePayouts.id, revenuePayoutRecords.payoutId))
    .where(where);

  const rows = await db
    .select({
      recordId: revenuePayoutRecords.id,
      producerId: producers.id,
      producerName: producers.name,
      dueDate: revenuePayoutRecords.dueDate,
      installmentNo: revenuePayoutRecords.installmentNo,
      payMode: revenuePayoutRecords.payMode,
      payOutAmount: revenuePayoutRecords.payOutAmount,
    })
    .from(revenuePayoutRecords)
    .innerJoin(revenuePayouts, eq(revenuePayouts.id, revenuePayoutRecords.payoutId))
    .innerJoin(producers, eq(producers.id, revenuePayouts.producerId))
    .where(where)
    .orderBy(
      asc(revenuePayoutRecords.dueDate),
      asc(revenuePayoutRecords.installmentNo),
      asc(producers.name),
      asc(revenuePayoutRecords.id),
    )
    .limit(PAYOUT_RECORDS_PER_PAGE)
    .offset(query.page * PAYOUT_RECORDS_PER_PAGE);

  return {
    payoutRecords: rows.map((row) => ({
      recordId: row.recordId,
      producer: { id: row.producerId, name: row.producerName },
      dueDate: row.dueDate,
      installmentNo: row.installmentNo,
      payMode: row.payMode,
      payOutAmount: row.payOutAmount,
    })),
    payOutAmount: totals?.payOutAmount ?? '0.00',
    totalSize: totals?.totalSize ?? 0,
  };
}
