import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../testing/producer-fixtures.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';
import { allRows, exportReport, preview } from './testing/report-http.js';

/*
 * The report defaults (docs/producer/reports-screen.md) on the server: a report form that leaves a defaulted filter out
 * runs with the type's default, taken from the app's clock (Hong Kong calendar). The clock is moved to December to
 * check the December → January rule.
 */

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Moves the app's clock and signs the partner in at that time (a session is only valid around its own clock). */
async function partnerAt(instant: string) {
  t.clock.now = new Date(instant);
  return signedIn(t, 'partner');
}

const monthOf = (isoDate: unknown) => Number(String(isoDate).slice(5, 7));

describe('report defaults from the clock', () => {
  it('runs type 6 for January when the month is left out in December (Hong Kong time)', async () => {
    // 2026-12-31 20:00 UTC is already 1 January in Hong Kong: the default is February then.
    let partner = await partnerAt('2026-12-15T04:00:00Z');
    const january = await allRows(partner.agent, { reportType: 6 });
    expect(january.length).toBeGreaterThan(0);
    expect(new Set(january.map((row) => monthOf(row.dateOfBirth)))).toEqual(new Set([1]));
    expect(await allRows(partner.agent, { reportType: 6, month: 1 })).toEqual(january);

    partner = await partnerAt('2026-12-31T20:00:00Z');
    const february = await allRows(partner.agent, { reportType: 6, month: '' });
    expect(new Set(february.map((row) => monthOf(row.dateOfBirth)))).toEqual(new Set([2]));

    partner = await partnerAt('2026-06-10T04:00:00Z');
    const july = await allRows(partner.agent, { reportType: 6 });
    expect(new Set(july.map((row) => monthOf(row.dateOfBirth)))).toEqual(new Set([7]));
  });

  it('runs type 8 for this year and month when the expiry range is left out', async () => {
    const partner = await partnerAt('2026-11-24T04:00:00Z');
    const defaulted = await allRows(partner.agent, { reportType: 8 });
    const explicit = await allRows(partner.agent, {
      reportType: 8,
      expiryFromYear: 2026,
      expiryFromMonth: 11,
      expiryToYear: 2026,
      expiryToMonth: 11,
    });
    expect(defaulted).toEqual(explicit);
    for (const row of defaulted) expect(row.expiryMonth).toBe('2026-11');
  });

  it('takes a month padded to two digits ("03") as the same month, and refuses what is not a month', async () => {
    const partner = await partnerAt('2026-06-10T04:00:00Z');
    const march = await allRows(partner.agent, { reportType: 6, month: 3 });
    expect(march.length).toBeGreaterThan(0);
    expect(await allRows(partner.agent, { reportType: 6, month: '03' })).toEqual(march);
    expect(await allRows(partner.agent, { reportType: 6, month: '3' })).toEqual(march);
    const expiry = { reportType: 8, expiryFromYear: 2026, expiryToYear: 2026 };
    expect(await allRows(partner.agent, { ...expiry, expiryFromMonth: '01', expiryToMonth: '09' })).toEqual(
      await allRows(partner.agent, { ...expiry, expiryFromMonth: 1, expiryToMonth: 9 }),
    );
    for (const bad of ['003', '13', '00', '+3', '3.0', ' 3']) {
      const response = await preview(partner.agent, { reportType: 6, month: bad });
      expect(response.statusCode, bad).toBe(400);
    }
  }, 120_000);

  it('names the defaulted period in the export file name', async () => {
    const partner = await partnerAt('2026-12-15T04:00:00Z');
    const response = await exportReport(partner.agent, 'reportType=6');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('birthday_2027-01.xlsx');
  });
});
