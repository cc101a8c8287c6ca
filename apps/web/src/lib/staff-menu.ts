import type { StaffMenuEntry } from '@portal/contract';

/**
 * The staff main menu comes only from currentStaff.menus, a flat list in display order: a `mainMenu` entry opens
 * a top-level item; the `subMenu` and `label` entries after it belong to it. Service, Batch, Commission and
 * Subsystem are mega-menus: each `label` starts a new column.
 */

export const MEGA_MENUS: readonly string[] = ['Service', 'Batch', 'Commission', 'Subsystem'];

/**
 * The top-level order of the staff header (docs/product.md, "Staff area"). The stored positions decide the order inside
 * an item; the bar itself keeps the documented order (docs/product.md, "Staff area") whatever order the rows were
 * granted in. Names it does not list follow, as stored.
 */
export const MAIN_MENU_ORDER: readonly string[] = [
  ...MEGA_MENUS,
  'Report',
  'User',
  'Newsletter',
  'Settings',
  'Chart',
  'Valuation',
  'Data Feed',
  'BV Factor',
  'Sync',
];

function orderOf(item: MainMenuItem): number {
  const index = MAIN_MENU_ORDER.indexOf(item.name);
  return index === -1 ? MAIN_MENU_ORDER.length : index;
}

export interface MenuColumn {
  /** Stable React key within its menu. */
  id: string;
  label: string | null;
  items: StaffMenuEntry[];
}

export interface MainMenuItem {
  name: string;
  path: string;
  mega: boolean;
  columns: MenuColumn[];
}

export function buildMainMenu(entries: readonly StaffMenuEntry[]): MainMenuItem[] {
  const menu: MainMenuItem[] = [];
  for (const entry of entries) {
    if (entry.type === 'mainMenu' || menu.length === 0) {
      // A subMenu before any mainMenu has nothing to hang on: it becomes a top-level link of its own.
      menu.push({
        name: entry.name,
        path: entry.path,
        mega: MEGA_MENUS.includes(entry.name),
        columns: [],
      });
      continue;
    }
    const parent = menu[menu.length - 1] as MainMenuItem;
    if (entry.type === 'label') {
      parent.columns.push({ id: `${parent.columns.length}:${entry.name}`, label: entry.name, items: [] });
      continue;
    }
    let column = parent.columns[parent.columns.length - 1];
    if (!column) {
      column = { id: `${parent.columns.length}:`, label: null, items: [] };
      parent.columns.push(column);
    }
    column.items.push(entry);
  }
  // Array sort is stable: unknown names keep their stored order after the known ones.
  return menu.sort((a, b) => orderOf(a) - orderOf(b));
}

export function hasChildren(item: MainMenuItem): boolean {
  return item.columns.some((column) => column.items.length > 0 || column.label);
}
