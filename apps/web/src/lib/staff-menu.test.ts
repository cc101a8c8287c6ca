import { describe, expect, it } from 'vitest';
import { buildMainMenu, hasChildren, MAIN_MENU_ORDER, MEGA_MENUS } from './staff-menu';

describe('buildMainMenu', () => {
  it('hangs subMenu and label entries under the preceding mainMenu; labels start mega-menu columns', () => {
    const menu = buildMainMenu([
      { type: 'mainMenu', name: 'Service', path: '/service' },
      { type: 'subMenu', name: 'Overview', path: '/service' },
      { type: 'label', name: 'Policies', path: '' },
      { type: 'subMenu', name: 'Policy search', path: '/policies' },
      { type: 'mainMenu', name: 'Report', path: '/reports' },
      { type: 'mainMenu', name: 'User', path: '/users' },
      { type: 'subMenu', name: 'Users', path: '/users' },
    ]);
    expect(menu.map((item) => [item.name, item.mega, hasChildren(item)])).toEqual([
      ['Service', true, true],
      ['Report', false, false],
      ['User', false, true],
    ]);
    expect(menu[0]?.columns.map((c) => [c.label, c.items.map((i) => i.name)])).toEqual([
      [null, ['Overview']],
      ['Policies', ['Policy search']],
    ]);
  });

  it('builds nothing from no permissions, and keeps an orphan subMenu as a top-level link', () => {
    expect(buildMainMenu([])).toEqual([]);
    const menu = buildMainMenu([{ type: 'subMenu', name: 'Chart', path: '/chart' }]);
    expect(menu.map((item) => [item.name, item.path, hasChildren(item)])).toEqual([
      ['Chart', '/chart', false],
    ]);
  });
});

describe('buildMainMenu order', () => {
  it('keeps the documented order on the bar whatever order the rows were granted in; unknown names follow as stored', () => {
    const menu = buildMainMenu([
      { type: 'mainMenu', name: 'Sync', path: '/sync' },
      { type: 'mainMenu', name: 'Archive', path: '/archive' },
      { type: 'mainMenu', name: 'Report', path: '/report' },
      { type: 'mainMenu', name: 'Commission', path: '/commission' },
      { type: 'label', name: 'Revenue', path: '' },
      { type: 'subMenu', name: 'Revenues', path: '/internal/revenues' },
      { type: 'subMenu', name: 'Pay-out Runs', path: '/commission/payouts' },
      { type: 'label', name: 'Statements', path: '' },
      { type: 'subMenu', name: 'Statement Batches', path: '/commission/statements' },
      { type: 'mainMenu', name: 'Service', path: '/service' },
      { type: 'mainMenu', name: 'Data Feed', path: '/data_feed' },
      { type: 'mainMenu', name: 'Legacy', path: '/legacy' },
    ]);
    expect(menu.map((item) => item.name)).toEqual([
      'Service',
      'Commission',
      'Report',
      'Data Feed',
      'Sync',
      'Archive',
      'Legacy',
    ]);
    const commission = menu[1];
    expect(commission?.mega).toBe(true);
    expect(commission?.columns.map((c) => [c.label, c.items.map((i) => i.name)])).toEqual([
      ['Revenue', ['Revenues', 'Pay-out Runs']],
      ['Statements', ['Statement Batches']],
    ]);
  });

  it('lists the staff menu items in their documented order, the four mega-menus first', () => {
    expect(MAIN_MENU_ORDER).toEqual([
      'Service',
      'Batch',
      'Commission',
      'Subsystem',
      'Report',
      'User',
      'Newsletter',
      'Settings',
      'Chart',
      'Valuation',
      'Data Feed',
      'BV Factor',
      'Sync',
    ]);
    expect(MEGA_MENUS).toEqual(['Service', 'Batch', 'Commission', 'Subsystem']);
  });
});
