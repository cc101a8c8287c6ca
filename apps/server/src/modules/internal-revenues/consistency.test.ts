import {
  type CommissionPeriod,
  type PayoutRecordsResponse,
  payoutRecordsResponseSchema,
  periodStartMonth,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionStatements, producers, revenues } from '../../db/schema/index.js';
import { monthEnd } from '../../db/seed/random.js';
import type { ApiAgent } from '../../testing/http.js';
import { agentFor } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { selectStatementLines } from '../commissions/index.js';

/**
 * Decision 023: a producer's commission statement and the back office's pay-out records are read from the same
 * rows (`revenue_payout_records`). So every line of every issued statement must be, id for id and cent for cent, a
 * record the staff Particular view (`GET /internal/revenues/payout_record/{id}`) shows for that revenue and producer,
 * and the staff view must show no record of that producer due in the statement's period that the statement leaves out.
 */
let t: TestContext;
let staff: ApiAgent;

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
});
afterAll(() => t.close());

type StaffRecord = PayoutRecordsResponse['payoutRecords'][number];
const recordsByRevenue = new Map<number, StaffRecord[]>();

/** Every pay-out record of a revenue as staff see them, page by page (one record a page). */
async function staffRecords(revenueId: number): Promise<StaffRecord[]> {
  const known = recordsByRevenue.get(revenueId);
  if (known) return known;
  const page = async (n: number) => {
    const response = await staff.get(`/internal/revenues/payout_record/${revenueId}?page=${n}`);
    expect(response.statusCode).toBe(200);
    return payoutRecordsResponseSchema.parse(response.json());
  };
  const first = await page(0);
  const records = [...first.payoutRecords];
  for (let n = 1; n < first.totalSize; n++) records.push(...(await page(n)).payoutRecords);
  expect(records).toHaveLength(first.totalSize);
  recordsByRevenue.set(revenueId, records);
  return records;
}

describe('commission statements and the staff pay-out records', () => {
  it('agree line for line for every issued statement of every producer', async () => {
    const db = t.database.db;
    const statements = await db
      .select({
        producerId: commissionStatements.producerId,
        producerCode: producers.code,
        producerName: producers.name,
        serviceCompanyId: commissionStatements.serviceCompanyId,
        month: commissionStatements.month,
        period: commissionStatements.period,
      })
      .from(commissionStatements)
      .innerJoin(producers, eq(producers.id, commissionStatements.producerId))
      .orderBy(
        commissionStatements.producerId,
        commissionStatements.month,
        commissionStatements.serviceCompanyId,
      );
    expect(statements.length).toBeGreaterThan(0);

    let linesCompared = 0;
    const producersWithLines = new Set<string>();
    for (const statement of statements) {
      const fromDate = `${periodStartMonth(statement.period as CommissionPeriod, statement.month.slice(0, 7))}-01`;
      const toDate = monthEnd(statement.month);
      const where = `${statement.producerCode} ${statement.month} company ${statement.serviceCompanyId}`;
      const lines = await selectStatementLines(db, { ...statement, fromDate, toDate });

      // Every revenue of the company paying this producer: the staff view of each, narrowed to the producer and
      // the period, is the statement's lines of that revenue.
      const candidates = await db
        .selectDistinct({ id: revenues.id, refNo: revenues.refNo })
        .from(revenues)
        .where(eq(revenues.serviceCompanyId, statement.serviceCompanyId));
      const refNoOf = new Map(candidates.map((r) => [r.id, r.refNo]));
      const expected: {
        recordId: number;
        refNo: string;
        dueDate: string;
        installmentNo: number;
        payMode: string;
        amount: string;
      }[] = [];
      for (const { id } of candidates) {
        for (const record of await staffRecords(id)) {
          if (record.producer.id !== statement.producerId) continue;
          if (record.dueDate < fromDate || record.dueDate > toDate) continue;
          expect(record.producer.name, where).toBe(statement.producerName);
          expected.push({
            recordId: record.recordId,
            refNo: refNoOf.get(id) ?? '',
            dueDate: record.dueDate,
            installmentNo: record.installmentNo,
            payMode: record.payMode,
            amount: record.payOutAmount,
          });
        }
      }
      const printed = lines.map((line) => ({
        recordId: line.recordId,
        refNo: line.refNo,
        dueDate: line.dueDate,
        installmentNo: line.installmentNo,
        payMode: line.payMode,
        amount: line.amount,
      }));
      const byId = (a: { recordId: number }, b: { recordId: number }) => a.recordId - b.recordId;
      expect(printed.sort(byId), where).toEqual(expected.sort(byId));
      linesCompared += lines.length;
      if (lines.length > 0) producersWithLines.add(statement.producerCode);
    }
    expect(linesCompared).toBeGreaterThan(0);
    // Every producer who is issued statements has lines in them (the trail revenues of demo-commissions.ts).
    expect([...producersWithLines].sort()).toEqual(
      [...new Set(statements.map((s) => s.producerCode))].sort(),
    );
  });
});
