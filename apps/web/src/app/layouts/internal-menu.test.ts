import { describe, expect, it } from 'vitest';
import { buildMainMenu, hasChildren } from './internal-menu';

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
