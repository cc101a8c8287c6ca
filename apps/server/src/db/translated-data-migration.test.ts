import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlankDatabase, migrationsBefore, openBlankDatabase } from '../testing/blank-database.js';
import { MIGRATIONS_FOLDER } from './client.js';

/*
 * Migration 0005 turns stored English words into codes and plain texts into per-language objects. A database that
 * already holds data (not only a fresh demo one) must come through it with its data converted, not refused by the
 * new check constraints.
 */

let blank: BlankDatabase;
let before: ReturnType<typeof migrationsBefore>;

describe('migration 0005 (translated data) on a database with data', () => {
  beforeAll(async () => {
    // The migrations up to 0004, as a database deployed before this change had them.
    before = migrationsBefore('0005_');
    blank = await openBlankDatabase();
    await blank.migrate(before.folder);
    await blank.exec(`
      insert into sites (code, name, short_name) values ('afs', 'AFS', 'AFS');
      insert into product_categories (code, label, is_product_type, sort_order) values ('IL', 'ILAS', true, 1);
      insert into policy_statuses (code, label, is_terminated) values ('INF', 'In force', false);
      insert into providers (id, code, short_name, name, kind, code_for_api)
        values (1, 'HLA', 'HLA', 'Harbour Life', 'insurer', 'hla');
      insert into products (id, provider_id, code, name, category, code_for_api)
        values (1, 1, 'HLA-IL1', 'Harbour Wealth Builder', 'IL', 'hla-il1');
      insert into clients (id, site_code, client_no, id_type, id_number, surname)
        values (1, 'afs', 'AG10000001', 'ID', 'A1', 'Chan');
      insert into producers (id, site_code, code, name, full_name) values (1, 'afs', 'A1001', 'Lee', 'Lee Ka Ming');
      insert into policies (id, site_code, plan_no, product_id, category, status_code, owner_client_id, insured_name,
          servicing_producer_id, currency, valuation_currency, policy_term, pay_term, payment_method, payment_status,
          portfolio_type, life_disclaimer_html)
        values (1, 'afs', 'HLA1', 1, 'IL', 'INF', 1, 'Chan', 1, 'USD', 'USD', 'Whole of life', '15 years',
          'Credit card', 'Paid to date', 'Regular Savings', '<p>Not guaranteed.</p>'),
          (2, 'afs', 'HLA2', 1, 'IL', 'INF', 1, 'Chan', 1, 'USD', 'USD', 'To age 100', '1 year',
          'Autopay', 'Overdue', 'Execution only', null);
      insert into policy_items (policy_id, policy_type, product_name, policy_term, pay_term)
        values (1, 'BASIC', 'Harbour Wealth Builder', 'Whole of life', '15 years');
      insert into funds (code, name, currency, asset_class) values ('F1', 'Fund 1', 'USD', 'Money Market');
      insert into policy_allocations (policy_id, kind, code, name, asset_class, percentage)
        values (1, 'portfolio', 'MIX', 'Mixed Asset', 'Mixed Asset', 100);
      insert into client_messages (client_id, type, title, content)
        values (1, 'notice', 'Change of fund manager', 'The provider has announced a change.');
    `);
    await blank.migrate(MIGRATIONS_FOLDER);
  }, 120_000);
  afterAll(async () => {
    await blank?.close();
    before?.remove();
  });

  it('turns the English term, payment and asset-class words into codes', async () => {
    expect(
      await blank.query(`select policy_term, pay_term, payment_method, payment_status, portfolio_type
        from policies order by id`),
    ).toEqual([
      {
        policy_term: 'WOL',
        pay_term: 'Y15',
        payment_method: 'CREDIT_CARD',
        payment_status: 'PAID_TO_DATE',
        portfolio_type: 'REGULAR_SAVINGS',
      },
      {
        policy_term: 'A100',
        pay_term: 'Y1',
        payment_method: 'AUTOPAY',
        payment_status: 'OVERDUE',
        portfolio_type: 'EXECUTION_ONLY',
      },
    ]);
    expect(await blank.query('select policy_term, pay_term from policy_items')).toEqual([
      { policy_term: 'WOL', pay_term: 'Y15' },
    ]);
    expect(await blank.query('select asset_class from funds')).toEqual([{ asset_class: 'MONEY_MARKET' }]);
    expect(await blank.query('select asset_class from policy_allocations')).toEqual([
      { asset_class: 'MIXED_ASSET' },
    ]);
  });

  it('keeps existing texts as their English entry', async () => {
    expect(await blank.query('select title, content from client_messages')).toEqual([
      {
        title: { en: 'Change of fund manager' },
        content: { en: 'The provider has announced a change.' },
      },
    ]);
    expect(await blank.query('select life_disclaimer_html as d from policies order by id')).toEqual([
      { d: { en: '<p>Not guaranteed.</p>' } },
      { d: null },
    ]);
  });

  it('refuses a text without English and a term that is not a code from then on', async () => {
    await expect(
      blank.query(`insert into client_messages (client_id, type, title, content)
        values (1, 'notice', '{"zh": "通知"}', '{"en": "x"}')`),
    ).rejects.toThrow();
    await expect(blank.query(`update policies set policy_term = '20 years' where id = 1`)).rejects.toThrow();
    await expect(
      blank.query(`update policies set payment_method = 'Autopay' where id = 1`),
    ).rejects.toThrow();
  });
});
