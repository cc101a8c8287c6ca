import { LANGUAGES, PRODUCT_TYPES } from '@portal/contract';
import { check, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { providers } from './catalog.js';
import { idColumn, inList, refId } from './columns.js';
import { storedFiles } from './files.js';

export const FORM_TYPES = ['original', 'copy'] as const;

/** Downloadable provider forms, listed by provider, product type and language (public forms API). */
export const forms = pgTable(
  'forms',
  {
    id: idColumn(),
    providerId: refId('provider_id')
      .notNull()
      .references(() => providers.id),
    productType: text('product_type').notNull(),
    title: text('title').notNull(),
    formType: text('form_type').notNull(),
    language: text('language').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key, { onUpdate: 'cascade' }),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    index('forms_lookup_idx').on(t.providerId, t.productType, t.language),
    check('forms_product_type_ck', inList(t.productType, PRODUCT_TYPES)),
    check('forms_form_type_ck', inList(t.formType, FORM_TYPES)),
    check('forms_language_ck', inList(t.language, LANGUAGES)),
  ],
);
