import { type RevenueDetail, revenueDetailSchema } from '@portal/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revenues } from '../../db/schema/index.js';
import { domainWords } from '../../render/domain-texts.js';
import { agentFor, STAFF_HOST } from '../../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

/*
 * Decision 012 on the staff revenue detail: the revenue stores codes (pay-in mode, payment frequency, product
 * category, item type) and the answer words them in the request's language. Demo RV000005 is an annual revenue on
 * the basic item of an insurance plan, paid in by offset (demo-revenue-specs.ts).
 */

let t: TestContext;
let revenueId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db
    .select({ id: revenues.id, payMode: revenues.payMode, payinMode: revenues.payinMode })
    .from(revenues)
    .where(eq(revenues.refNo, 'RV000005'));
  if (!row) throw new Error('the demo seed has no RV000005');
  // The stored values are the codes, not words.
  expect(row).toMatchObject({ payMode: 'A', payinMode: 'OFFSET' });
  revenueId = row.id;
});
afterAll(() => t.close());

async function headerIn(lang: string): Promise<RevenueDetail['revenue']> {
  const agent = await agentFor(t, 'staff', STAFF_HOST, lang);
  const response = await agent.get(`/internal/revenues/${revenueId}`);
  expect(response.statusCode).toBe(200);
  return revenueDetailSchema.parse(response.json()).revenue;
}

const worded = (header: RevenueDetail['revenue']) => ({
  payMode: header.payMode,
  payinMode: header.payinMode,
  productRecordType: header.productRecordType,
  itemType: header.policyItem?.type,
});

describe('GET /internal/revenues/{id} words its codes in the request language', () => {
  it('in Chinese', async () => {
    expect(worded(await headerIn('zh'))).toEqual({
      payMode: '每年',
      payinMode: '抵銷',
      productRecordType: '保險計劃',
      itemType: '基本計劃',
    });
  });

  it('in Korean', async () => {
    expect(worded(await headerIn('kr'))).toEqual({
      payMode: '연납',
      payinMode: '상계',
      productRecordType: '보험 플랜',
      itemType: '주계약',
    });
  });

  it('in English', async () => {
    expect(worded(await headerIn('en'))).toEqual({
      payMode: 'Annually',
      payinMode: 'Offset',
      productRecordType: 'Insurance Plan',
      itemType: 'Basic plan',
    });
  });

  it('has no English word left in a Chinese, Japanese or Korean header of any demo revenue', async () => {
    const all = await t.database.db
      .select({ id: revenues.id })
      .from(revenues)
      .where(like(revenues.refNo, 'RV%'));
    expect(all.length).toBeGreaterThan(10);
    for (const lang of ['zh', 'ja', 'kr']) {
      const agent = await agentFor(t, 'staff', STAFF_HOST, lang);
      for (const { id } of all) {
        const header = revenueDetailSchema.parse(
          (await agent.get(`/internal/revenues/${id}`)).json(),
        ).revenue;
        for (const [field, words] of Object.entries(worded(header))) {
          // Latin letters are allowed only inside a category's abbreviation, e.g. "投資相連壽險 (ILAS)".
          if (words != null)
            expect(words.replace(/\([A-Z]+\)|ILAS|MPF/g, ''), `${lang} ${id} ${field}`).not.toMatch(
              /[A-Za-z]/,
            );
        }
      }
    }
  });

  it('shows a code the catalog does not know as it came', () => {
    const words = domainWords('zh');
    expect(words.payinMode('DIRECT_DEBIT')).toBe('DIRECT_DEBIT');
    expect(words.paymentFrequency('X')).toBe('X');
    expect(words.payinMode(null)).toBeNull();
    expect(words.paymentFrequency(null)).toBeNull();
  });
});
