import type { LocalizedText } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { hasEnglishText, idColumn, refId } from './columns.js';
import { clients } from './parties.js';
import { policies } from './policies.js';
import { productCategories } from './reference.js';

/** Client message box. Unread = `read_at is null`; the header badge counts those through a partial index. */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: idColumn(),
    clientId: refId('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    policyId: refId('policy_id').references(() => policies.id),
    planNo: text('plan_no'),
    category: text('category').references(() => productCategories.code),
    type: text('type').notNull(),
    /** Per language, English required (docs/decisions/012-translated-data.md). */
    title: jsonb('title').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('client_messages_client_idx').on(t.clientId, t.createdAt.desc()),
    index('client_messages_unread_idx').on(t.clientId).where(sql`${t.readAt} is null`),
    check('client_messages_title_en_ck', hasEnglishText(t.title)),
    check('client_messages_content_en_ck', hasEnglishText(t.content)),
  ],
);
