import { STAFF_MENU_TYPES, type StaffMenuEntry } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { staffMenusOf } from '../plugins/session/queries.js';
import { forgetSessionsEverywhere } from '../plugins/session/session-changes.js';
import type { Db } from './client.js';
import { auditLog, staff, staffMenuPermissions, users } from './schema/index.js';
import { STAFF_MENUS } from './seed/demo-org.js';

/*
 * The admin script behind `npm run staff-menus -w apps/server -- …` (docs/internal/revenue-api.md): a staff member's
 * menu rows are their permissions (the header shows exactly these rows, and the internal API's guard reads them on
 * every call), so granting or revoking is editing them. Every change runs in one transaction, renumbers `position`
 * 1..n, and leaves an audit row `staff.menu_permissions_changed` with the list before and after. Nothing is cached
 * anywhere: `/me` and the guard see a change on their next call.
 */

export const MENU_AUDIT_ACTION = 'staff.menu_permissions_changed';

/** One menu row as the file of `set` and the output of `list` spell it. Labels have an empty path. */
const menuEntrySchema = z.strictObject({
  type: z.enum(STAFF_MENU_TYPES),
  name: z.string().trim().min(1).max(100),
  path: z
    .string()
    .trim()
    .max(200)
    .refine(
      (path) => path === '' || path.startsWith('/'),
      'a path starts with "/" (or is empty for a label)',
    ),
});
const menuListSchema = z.array(menuEntrySchema).max(500);

export class StaffMenusError extends Error {}

/** Paths compare like the permission check (contract `hasMenuPath`): a trailing "/" does not matter. */
const samePath = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

/** Checks a list (the file of `set`, or a list after a grant): valid rows, no permission path twice. */
export function parseMenuList(value: unknown): StaffMenuEntry[] {
  const parsed = menuListSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StaffMenusError(`invalid menu list at ${issue?.path.join('.') || 'top'}: ${issue?.message}`);
  }
  const paths = parsed.data.filter((entry) => entry.path !== '').map((entry) => entry.path);
  const repeated = paths.find((path, index) => paths.findIndex((other) => samePath(other, path)) !== index);
  if (repeated) throw new StaffMenusError(`path ${repeated} appears more than once`);
  return parsed.data;
}

interface StaffMember {
  staffId: number;
  login: string;
  siteCode: (typeof users.$inferSelect)['siteCode'];
}

/** The staff member signing in with `login` (any site, case-insensitive); an error when there is none or several. */
async function findStaff(db: Db, login: string): Promise<StaffMember> {
  const rows = await db
    .select({ staffId: users.staffId, login: users.login, siteCode: users.siteCode })
    .from(users)
    .where(and(eq(users.kind, 'staff'), sql`lower(${users.login}) = lower(${login})`));
  if (rows.length > 1) throw new StaffMenusError(`login ${login} names more than one staff user`);
  const [row] = rows;
  if (!row || row.staffId == null) throw new StaffMenusError(`no staff user with login ${login}`);
  return { staffId: row.staffId, login: row.login, siteCode: row.siteCode };
}

/** The staff member's menu rows in display order. */
export async function listStaffMenus(db: Db, login: string): Promise<StaffMenuEntry[]> {
  return staffMenusOf(db, (await findStaff(db, login)).staffId);
}

export interface MenuChange {
  login: string;
  changed: boolean;
  before: StaffMenuEntry[];
  after: StaffMenuEntry[];
}

/**
 * Replaces the member's rows with `next(current)` in one transaction: the staff row is locked first (two admins
 * changing one member wait for each other), the rows are rewritten with positions 1..n, and the audit row is written
 * with them. A result equal to the current list writes nothing.
 */
async function changeMenus(
  db: Db,
  login: string,
  command: string,
  operator: string | undefined,
  next: (current: StaffMenuEntry[]) => StaffMenuEntry[],
): Promise<MenuChange> {
  const member = await findStaff(db, login);
  const change = await db.transaction(async (tx) => {
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, member.staffId)).for('update');
    const before = await staffMenusOf(tx, member.staffId);
    const after = parseMenuList(next(before));
    if (JSON.stringify(after) === JSON.stringify(before)) {
      return { login: member.login, changed: false, before, after };
    }
    await tx.delete(staffMenuPermissions).where(eq(staffMenuPermissions.staffId, member.staffId));
    if (after.length > 0) {
      await tx
        .insert(staffMenuPermissions)
        .values(after.map((entry, index) => ({ staffId: member.staffId, position: index + 1, ...entry })));
    }
    await tx.insert(auditLog).values({
      siteCode: member.siteCode,
      userId: null,
      action: MENU_AUDIT_ACTION,
      details: {
        login: member.login,
        staffId: member.staffId,
        command,
        operator: operator ?? null,
        before,
        after,
      },
    });
    return { login: member.login, changed: true, before, after };
  });
  // /me shows the menus from the session cache: this process forgets them now, the others on the trigger's notice.
  if (change.changed) forgetSessionsEverywhere({ staffId: member.staffId });
  return change;
}

/** `set`: the member's rows become exactly `entries`, in that order. */
export function setStaffMenus(
  db: Db,
  login: string,
  entries: unknown,
  operator?: string,
): Promise<MenuChange> {
  const list = parseMenuList(entries);
  return changeMenus(db, login, 'set', operator, () => list);
}

/**
 * `grant`: adds one row right after the row named `after` (the first with that name), else at the end. A path the
 * member already holds is left as it is (nothing written).
 */
export function grantStaffMenu(
  db: Db,
  login: string,
  entry: StaffMenuEntry,
  options: { after?: string; operator?: string } = {},
): Promise<MenuChange> {
  const [row] = parseMenuList([entry]);
  if (!row) throw new StaffMenusError('nothing to grant');
  return changeMenus(db, login, 'grant', options.operator, (current) => {
    if (row.path !== '' && current.some((other) => samePath(other.path, row.path))) return current;
    if (options.after === undefined) return [...current, row];
    const at = current.findIndex((other) => other.name === options.after);
    if (at < 0) throw new StaffMenusError(`no menu row named ${options.after}`);
    return [...current.slice(0, at + 1), row, ...current.slice(at + 1)];
  });
}

/** `revoke`: removes every row with this path (a trailing "/" does not matter); an error when there is none. */
export function revokeStaffMenu(db: Db, login: string, path: string, operator?: string): Promise<MenuChange> {
  if (path.trim() === '') throw new StaffMenusError('revoke needs a path (labels have none; use set)');
  return changeMenus(db, login, 'revoke', operator, (current) => {
    const kept = current.filter((entry) => !samePath(entry.path, path.trim()));
    if (kept.length === current.length)
      throw new StaffMenusError(`${login} has no menu row with path ${path}`);
    return kept;
  });
}

const PRESET = 'preset:';

/** The rows of `set`: a JSON file, or a demo member's list by name (the seed and the script share one source). */
function menusToSet(source: string, readJson: (file: string) => unknown): unknown {
  if (!source.startsWith(PRESET)) return readJson(source);
  const name = source.slice(PRESET.length);
  if (!Object.hasOwn(STAFF_MENUS, name)) {
    throw new StaffMenusError(`unknown preset "${name}" (${Object.keys(STAFF_MENUS).join(', ')})`);
  }
  return STAFF_MENUS[name as keyof typeof STAFF_MENUS];
}

export const STAFF_MENUS_USAGE = `usage: npm run staff-menus -w apps/server -- <command>
  list <login>                                       print the menu rows, in order, as JSON
  set <login> <file.json>                            replace them with the file's list [{ type, name, path }]
  set <login> preset:<name>                          replace them with a demo member's list (${Object.keys(STAFF_MENUS).join(', ')})
  grant <login> <type> <name> <path> [--after <name>] add one row (type: ${STAFF_MENU_TYPES.join(' | ')})
  revoke <login> <path>                              remove the rows with this path`;

/**
 * One command line (without the script name) → what to print. `readJson` reads the file of `set` (injected so tests
 * need no file). Wrong arguments are a StaffMenusError carrying the usage.
 */
export async function runStaffMenusCommand(
  db: Db,
  argv: readonly string[],
  io: { readJson: (file: string) => unknown; operator?: string },
): Promise<string> {
  const [command, ...rest] = argv;
  const afterAt = rest.indexOf('--after');
  const after = afterAt >= 0 ? rest[afterAt + 1] : undefined;
  const args = afterAt >= 0 ? rest.slice(0, afterAt) : rest;
  if (afterAt >= 0 && (after === undefined || command !== 'grant' || rest.length !== afterAt + 2)) {
    throw new StaffMenusError(STAFF_MENUS_USAGE);
  }
  const arity = (n: number) => {
    if (args.length !== n) throw new StaffMenusError(STAFF_MENUS_USAGE);
  };
  let change: MenuChange;
  switch (command) {
    case 'list': {
      arity(1);
      return JSON.stringify(await listStaffMenus(db, args[0] as string), null, 2);
    }
    case 'set':
      arity(2);
      change = await setStaffMenus(
        db,
        args[0] as string,
        menusToSet(args[1] as string, io.readJson),
        io.operator,
      );
      break;
    case 'grant': {
      arity(4);
      const [login, type, name, path] = args as [string, string, string, string];
      change = await grantStaffMenu(db, login, { type, name, path } as StaffMenuEntry, {
        ...(after !== undefined ? { after } : {}),
        ...(io.operator !== undefined ? { operator: io.operator } : {}),
      });
      break;
    }
    case 'revoke':
      arity(2);
      change = await revokeStaffMenu(db, args[0] as string, args[1] as string, io.operator);
      break;
    default:
      throw new StaffMenusError(STAFF_MENUS_USAGE);
  }
  return change.changed
    ? `${change.login}: ${change.before.length} → ${change.after.length} menu rows (audited)`
    : `${change.login}: unchanged (${change.after.length} menu rows)`;
}
