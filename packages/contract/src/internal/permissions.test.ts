import { describe, expect, it } from 'vitest';
import { hasMenuPath, INTERNAL_PERMISSIONS } from './permissions.js';

describe('hasMenuPath', () => {
  const menus = [
    { path: '/internal/service' },
    { path: '/internal/revenues/' },
    { path: '/internal/report' },
  ];

  it('matches a path exactly, ignoring one trailing slash on either side', () => {
    expect(hasMenuPath(menus, INTERNAL_PERMISSIONS.revenues)).toBe(true);
    expect(hasMenuPath(menus, '/internal/report/')).toBe(true);
  });

  it('does not match prefixes, extensions or other letter cases', () => {
    expect(hasMenuPath(menus, '/internal')).toBe(false);
    expect(hasMenuPath(menus, '/internal/revenues/1')).toBe(false);
    expect(hasMenuPath(menus, '/internal/Revenues')).toBe(false);
    expect(hasMenuPath([], INTERNAL_PERMISSIONS.revenues)).toBe(false);
  });
});
