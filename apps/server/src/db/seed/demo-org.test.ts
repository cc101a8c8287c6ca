import { hasMenuPath, INTERNAL_PERMISSIONS } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDemoDatabase } from '../../testing/demo-database.js';
import type { Db } from '../client.js';
import { staffMenuPermissions, users } from '../schema/index.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { STAFF_MENUS } from './demo-org.js';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openDemoDatabase());
}, 120_000);
afterAll(() => close());

async function menusOf(login: string) {
  return db
    .select({
      type: staffMenuPermissions.type,
      name: staffMenuPermissions.name,
      path: staffMenuPermissions.path,
    })
    .from(staffMenuPermissions)
    .innerJoin(users, eq(users.staffId, staffMenuPermissions.staffId))
    .where(eq(users.login, login))
    .orderBy(asc(staffMenuPermissions.position));
}

/** The demo staff differ in exactly the permissions the internal area's access tests and screens need. */
describe('demo staff menus', () => {
  it('seeds each staff account with its own menu rows, in order', async () => {
    const logins = DEMO_ACCOUNTS.filter((a) => a.kind === 'staff').map((a) => a.login);
    expect(logins).toEqual(['staff1', 'staff2', 'staff3', 'staff4']);
    for (const login of logins) expect(await menusOf(login), login).toEqual(STAFF_MENUS[login]);
  });

  it('grants Revenues to staff1 and staff2 but not staff3, and withholds Sync and Data Feed from staff1', () => {
    expect(hasMenuPath(STAFF_MENUS.staff1, INTERNAL_PERMISSIONS.revenues)).toBe(true);
    expect(hasMenuPath(STAFF_MENUS.staff2, INTERNAL_PERMISSIONS.revenues)).toBe(true);
    expect(hasMenuPath(STAFF_MENUS.staff3, INTERNAL_PERMISSIONS.revenues)).toBe(false);
    expect(STAFF_MENUS.staff1).toHaveLength(23);
    expect(STAFF_MENUS.staff2).toHaveLength(6);
    expect(STAFF_MENUS.staff1.map((m) => m.name)).not.toContain('Sync');
    expect(STAFF_MENUS.staff1.map((m) => m.name)).not.toContain('Data Feed');
  });
});
