import { LANGUAGES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, inList, refId, updatedAt } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { producers } from './producers.js';
import { sites } from './sites.js';

/** Identity documents a client can be registered with. BR = business registration (corporate clients). */
export const ID_TYPES = ['ID', 'PASSPORT', 'BR'] as const;
export type IdType = (typeof ID_TYPES)[number];

/**
 * A client ("party"): the person or company that owns, is insured by or benefits from plans. `client_no` is the
 * AG + 8 digits Client ID printed on statements and used as the client's login id.
 */
export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    siteCode: siteCodeEnum('site_code')
      .notNull()
      .references(() => sites.code),
    clientNo: text('client_no').notNull(),
    idType: text('id_type').$type<IdType>().notNull(),
    idNumber: text('id_number').notNull(),
    surname: text('surname').notNull(),
    givenName: text('given_name').notNull().default(''),
    /** Display and search name, kept by PostgreSQL so the trigram index and every query agree on it. */
    fullName: text('full_name').notNull().generatedAlwaysAs(sql`btrim(given_name || ' ' || surname)`),
    /** Null for corporate clients. */
    birthDate: date('birth_date'),
    /**
     * Month × 100 + day of the birth date (0229 for 29 February), kept by PostgreSQL: the birthday report reads one
     * month as a range of it and lists it in day order from clients_birth_month_day_idx.
     */
    birthMonthDay: smallint('birth_month_day').generatedAlwaysAs(
      sql`(extract(month from birth_date) * 100 + extract(day from birth_date))::smallint`,
    ),
    phones: text('phones').array().notNull().default(sql`'{}'::text[]`),
    emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
    residentialAddress: text('residential_address').array().notNull().default(sql`'{}'::text[]`),
    correspondenceAddress: text('correspondence_address').array().notNull().default(sql`'{}'::text[]`),
    language: text('language').notNull().default('en'),
    /** The consultant who looks after the client. */
    servicingProducerId: refId('servicing_producer_id').references(() => producers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_client_no_uq').on(t.clientNo),
    // Registration and "forgot password" look a client up by identity number (any case) and birth date.
    index('clients_site_id_number_idx').on(t.siteCode, sql`upper(${t.idNumber})`),
    index('clients_servicing_producer_idx').on(t.servicingProducerId),
    index('clients_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    // Producer Clients list in name order (its default sort) for a whole team: walk clients by name, then their plans.
    index('clients_full_name_idx').on(t.fullName, t.id),
    // Birthday report (type 6): a month's birthdays in day order, with the id tie-breaker.
    index('clients_birth_month_day_idx').on(t.birthMonthDay, t.id),
    // Keywords match part of the AG number too (`client_no ilike '%…%'`).
    index('clients_client_no_trgm_idx').using('gin', sql`${t.clientNo} gin_trgm_ops`),
    check('clients_client_no_ck', sql`${t.clientNo} ~ '^AG[0-9]{8}$'`),
    check('clients_id_type_ck', inList(t.idType, ID_TYPES)),
    check('clients_language_ck', inList(t.language, LANGUAGES)),
  ],
);
