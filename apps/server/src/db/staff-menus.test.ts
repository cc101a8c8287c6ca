import { INTERNAL_PERMISSIONS, type StaffMenuEntry } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAgent } from '../testing/http.js';
import { agentFor } from '../testing/staff-agents.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';
import { auditLog, revenues, staffMenuPermissions, staff as staffTable, users } from './schema/index.js';
import { demoAccount } from './seed/demo-accounts.js';
import { STAFF_MENUS } from './seed/demo-org.js';
import { MENU_AUDIT_ACTION, runStaffMenusCommand, StaffMenusError } from './staff-menus.js';

let t: TestContext;
let staff: ApiAgent;
let staffId: number;
let revenueId: number;
const login = demoAccount('staff').login;

/** Runs one command line; `files` stands in for the JSON files of `set`. */
const run = (argv: string[], files: Record<string, unknown> = {}) =>
  runStaffMenusCommand(t.database.db, argv, {
    readJson: (file) => {
      if (!(file in files)) throw new Error(`no file ${file}`);
      return files[file];
    },
    operator: 'tester',
  });

async function storedRows() {
  return t.database.db
    .select()
    .from(staffMenuPermissions)
    .where(eq(staffMenuPermissions.staffId, staffId))
    .orderBy(asc(staffMenuPermissions.position));
}

const menusOnMe = async (): Promise<StaffMenuEntry[]> => (await staff.me()).json().currentStaff.menus;

async function lastAudit() {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, MENU_AUDIT_ACTION))
    .orderBy(auditLog.id)
    .then((rows) => rows.slice(-1));
  return row;
}

async function expectPositionsRenumbered() {
  const rows = await storedRows();
  expect(rows.map((row) => row.position)).toEqual(rows.map((_row, index) => index + 1));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await agentFor(t, 'staff');
  const [user] = await t.database.db.select().from(users).where(eq(users.login, login));
  staffId = user?.staffId as number;
  const [revenue] = await t.database.db.select({ id: revenues.id }).from(revenues).limit(1);
  revenueId = revenue?.id as number;
});
afterAll(() => t.close());

describe('staff-menus admin script', () => {
  it('lists the rows in display order, as /me shows them', async () => {
    const listed = JSON.parse(await run(['list', login.toUpperCase()]));
    expect(listed).toEqual(await menusOnMe());
    expect(listed.length).toBeGreaterThan(0);
  });

  it('grants a row after a named one, renumbers positions, audits, and /me shows it at once', async () => {
    const before = await menusOnMe();
    const anchor = before[0]?.name as string;
    const output = await run([
      'grant',
      login,
      'subMenu',
      'Data Feed',
      '/subsystem/data_feed',
      '--after',
      anchor,
    ]);
    expect(output).toMatch(/→/);
    const after = await menusOnMe();
    expect(after).toEqual([
      before[0],
      { type: 'subMenu', name: 'Data Feed', path: '/subsystem/data_feed' },
      ...before.slice(1),
    ]);
    expect((await expectPositionsRenumbered()).map(({ type, name, path }) => ({ type, name, path }))).toEqual(
      after,
    );
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      siteCode: 'afs',
      outcome: 'success',
      details: { login, staffId, command: 'grant', operator: 'tester', before, after },
    });
  });

  it('leaves a path already granted as it is, without an audit row', async () => {
    const auditBefore = await lastAudit();
    const output = await run(['grant', login, 'subMenu', 'Again', '/subsystem/data_feed/']);
    expect(output).toMatch(/unchanged/);
    expect((await lastAudit())?.id).toBe(auditBefore?.id);
  });

  it('appends without --after', async () => {
    await run(['grant', login, 'mainMenu', 'Sync', '/sync']);
    expect((await menusOnMe()).at(-1)).toEqual({ type: 'mainMenu', name: 'Sync', path: '/sync' });
    await expectPositionsRenumbered();
  });

  it('revokes Revenues: the next internal call is refused (403), and the menu no longer has it', async () => {
    expect((await staff.get(`/internal/revenues/${revenueId}`)).statusCode).toBe(200);
    const before = await menusOnMe();
    await run(['revoke', login, INTERNAL_PERMISSIONS.revenues]);
    expect((await staff.get(`/internal/revenues/${revenueId}`)).statusCode).toBe(403);
    const after = await menusOnMe();
    expect(after).toEqual(before.filter((entry) => entry.path !== INTERNAL_PERMISSIONS.revenues));
    await expectPositionsRenumbered();
    expect(await lastAudit()).toMatchObject({ details: { command: 'revoke', before, after } });
    // Granted back (a trailing "/" counts as the same permission): allowed again on the next call.
    await run(['grant', login, 'subMenu', 'Revenues', `${INTERNAL_PERMISSIONS.revenues}/`]);
    expect((await staff.get(`/internal/revenues/${revenueId}`)).statusCode).toBe(200);
  });

  it('sets the whole list from a file, in the file order', async () => {
    const list = [
      { type: 'mainMenu', name: 'Commission', path: '/commission' },
      { type: 'label', name: 'Revenue', path: '' },
      { type: 'subMenu', name: 'Revenues', path: '/internal/revenues' },
      { type: 'mainMenu', name: 'Report', path: '/report' },
    ];
    const before = await menusOnMe();
    await run(['set', login, 'menus.json'], { 'menus.json': list });
    expect(await menusOnMe()).toEqual(list);
    expect(await expectPositionsRenumbered()).toHaveLength(4);
    expect(await lastAudit()).toMatchObject({ details: { command: 'set', before, after: list } });
    expect((await staff.get(`/internal/revenues/${revenueId}`)).statusCode).toBe(200);
  });

  it('sets the list of a demo member by preset name: the rows the seed gives them', async () => {
    await run(['set', login, 'preset:staff3']);
    expect(await menusOnMe()).toEqual(STAFF_MENUS.staff3);
    expect((await staff.get(`/internal/revenues/${revenueId}`)).statusCode).toBe(403);
    await run(['set', login, 'preset:staff1']);
    expect(await menusOnMe()).toEqual(STAFF_MENUS.staff1);
    expect((await staff.get(`/internal/revenues/${revenueId}`)).statusCode).toBe(200);
  });

  it('refuses wrong commands and lists, changing nothing', async () => {
    const rows = await storedRows();
    const auditBefore = await lastAudit();
    const refusals: [string[], Record<string, unknown>?][] = [
      [[]],
      [['list']],
      [['drop', login]],
      [['list', 'nobody']],
      [['grant', login, 'menu', 'X', '/x']],
      [['grant', login, 'subMenu', 'X', 'x']],
      [['grant', login, 'subMenu', '', '/x']],
      [['grant', login, 'subMenu', 'X', '/x', '--after']],
      [['grant', login, 'subMenu', 'X', '/x', '--after', 'No such row']],
      [['revoke', login, '/not/granted']],
      [['revoke', login, '']],
      [['set', login, 'preset:nobody']],
      [['set', login, 'bad.json'], { 'bad.json': { type: 'mainMenu' } }],
      [['set', login, 'bad.json'], { 'bad.json': [{ type: 'mainMenu', name: 'A', path: '/a', extra: 1 }] }],
      [
        ['set', login, 'twice.json'],
        {
          'twice.json': [
            { type: 'mainMenu', name: 'A', path: '/a' },
            { type: 'subMenu', name: 'B', path: '/a/' },
          ],
        },
      ],
    ];
    for (const [argv, files] of refusals) {
      await expect(run(argv, files), argv.join(' ')).rejects.toBeInstanceOf(StaffMenusError);
    }
    expect(await storedRows()).toEqual(rows);
    expect((await lastAudit())?.id).toBe(auditBefore?.id);
  });

  it('changes only the named staff member', async () => {
    const db = t.database.db;
    const [other] = await db
      .insert(staffTable)
      .values({ siteCode: 'afs', name: 'Other' })
      .returning({ id: staffTable.id });
    const otherId = other?.id as number;
    await db.insert(staffMenuPermissions).values([
      { staffId: otherId, position: 1, type: 'mainMenu', name: 'Report', path: '/report' },
      { staffId: otherId, position: 2, type: 'mainMenu', name: 'Chart', path: '/chart' },
    ]);
    await run(['revoke', login, '/report']);
    await run(['grant', login, 'mainMenu', 'Chart', '/chart', '--after', 'Commission']);
    const rows = await db
      .select()
      .from(staffMenuPermissions)
      .where(eq(staffMenuPermissions.staffId, otherId));
    expect(rows.map((row) => [row.position, row.path])).toEqual([
      [1, '/report'],
      [2, '/chart'],
    ]);
  });
});
