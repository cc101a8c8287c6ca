import { date, index, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { refId } from './columns.js';

/**
 * One line of the AB BV reports per issued new-business plan, its AB and BV already computed: what report 14 totals
 * by producer and currency. Kept by triggers on applications, policies, their basic items and the BV factors
 * (migration 0043, `ab_bv_line_values` there is the definition of a line); the generator, which loads with triggers
 * off, fills it after loading (seed/report-facts.ts). Without it, each preview of a year of the biggest team probed
 * every line's plan, basic item and BV factor again (docs/performance.md, "Reports 11 and 14 at scale").
 */
export const abBvLines = pgTable(
  'ab_bv_lines',
  {
    applicationId: refId('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    producerId: refId('producer_id').notNull(),
    currency: text('currency').notNull(),
    receivedDate: date('received_date').notNull(),
    sentDate: date('sent_date'),
    commenceDate: date('commence_date'),
    statusCode: text('status_code'),
    category: text('category').notNull(),
    ab: numeric('ab').notNull(),
    bv: numeric('bv'),
  },
  (t) => [
    index('ab_bv_lines_received_idx').on(t.receivedDate, t.producerId),
    index('ab_bv_lines_sent_idx').on(t.sentDate, t.producerId),
    index('ab_bv_lines_commence_idx').on(t.commenceDate, t.producerId),
  ],
);
