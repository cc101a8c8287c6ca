import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlankDatabase, migrationsBefore, openBlankDatabase } from '../testing/blank-database.js';
import { MIGRATIONS_FOLDER } from './client.js';

/*
 * Migration 0016 turns a revenue's stored English pay mode (its premium frequency) and pay-in mode into codes
 * (decision 012). Revenues written before it must come through converted, not refused by the new checks.
 */

let blank: BlankDatabase;
let before: ReturnType<typeof migrationsBefore>;

const revenue = (id: number, payMode: string | null, payinMode: string | null) =>
  `(${id}, 'afs', 'R', 'HKD', 1, 1, 100, 'RV-OLD-${id}', 50, ${payMode === null ? 'null' : `'${payMode}'`}, ` +
  `${payinMode === null ? 'null' : `'${payinMode}'`})`;

describe('migration 0016 (revenue codes) on a database with revenues', () => {
  beforeAll(async () => {
    before = migrationsBefore('0016_');
    blank = await openBlankDatabase();
    await blank.migrate(before.folder);
    await blank.exec(`
      insert into sites (code, name, short_name) values ('afs', 'AFS', 'AFS');
      insert into service_companies (id, code, name) values (1, 'AFSL', 'AFS Limited');
      insert into revenues (id, site_code, commission_type, received_currency, provider_exchange_rate,
          service_company_id, total_payin_amount, ref_no, total_payout_amount, pay_mode, payin_mode)
        values ${[
          revenue(1, 'Annual', 'Bank transfer'),
          revenue(2, 'Quarterly', 'Offset'),
          revenue(3, 'Monthly', 'Cheque'),
          revenue(4, 'Single', 'Autopay'),
          revenue(5, 'Semi-annually', 'bank  transfer'),
          revenue(6, null, null),
          revenue(7, '', ''),
        ].join(', ')};
    `);
    await blank.migrate(MIGRATIONS_FOLDER);
  }, 120_000);
  afterAll(async () => {
    await blank?.close();
    before?.remove();
  });

  it('turns the English pay and pay-in mode words into codes, blank into null', async () => {
    expect(await blank.query('select id::int as id, pay_mode, payin_mode from revenues order by id')).toEqual(
      [
        { id: 1, pay_mode: 'A', payin_mode: 'BANK_TRANSFER' },
        { id: 2, pay_mode: 'Q', payin_mode: 'OFFSET' },
        { id: 3, pay_mode: 'M', payin_mode: 'CHEQUE' },
        { id: 4, pay_mode: 'S', payin_mode: 'AUTOPAY' },
        { id: 5, pay_mode: 'H', payin_mode: 'BANK_TRANSFER' },
        { id: 6, pay_mode: null, payin_mode: null },
        { id: 7, pay_mode: null, payin_mode: null },
      ],
    );
  });

  it('refuses a word from then on', async () => {
    await expect(blank.query(`update revenues set pay_mode = 'Annual' where id = 1`)).rejects.toThrow();
    await expect(blank.query(`update revenues set payin_mode = 'Offset' where id = 1`)).rejects.toThrow();
    await blank.query(`update revenues set pay_mode = 'Q', payin_mode = 'OFFSET' where id = 1`);
  });
});
