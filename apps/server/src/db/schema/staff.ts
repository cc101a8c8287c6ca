import { STAFF_MENU_TYPES } from '@portal/contract';
import { check, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, inList, refId } from './columns.js';
import { siteCodeEnum } from './enums.js';
import { sites } from './sites.js';

/** Internal staff of the back office. */
export const staff = pgTable('staff', {
  id: idColumn(),
  siteCode: siteCodeEnum('site_code')
    .notNull()
    .references(() => sites.code),
  name: text('name').notNull(),
  email: text('email'),
  createdAt: createdAt(),
});

/**
 * The internal menu entries (docs/internal/README.md) a staff member may use, in display order: main menus, their
 * sub-menus and section labels, each with the back-office path it opens. The header renders exactly these rows, so
 * granting a menu is inserting its entries here.
 */
export const staffMenuPermissions = pgTable(
  'staff_menu_permissions',
  {
    staffId: refId('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    type: text('type').$type<(typeof STAFF_MENU_TYPES)[number]>().notNull(),
    name: text('name').notNull(),
    path: text('path').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.position], name: 'staff_menu_permissions_pk' }),
    check('staff_menu_permissions_type_ck', inList(t.type, STAFF_MENU_TYPES)),
  ],
);
