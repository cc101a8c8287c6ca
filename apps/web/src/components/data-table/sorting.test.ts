import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './sorting';

describe('table sort', () => {
  it('toggles the direction when the same header is clicked again', () => {
    const start = { column: 'category', direction: 'asc' } as const;
    const once = nextSort(start, 'category');
    expect(once).toEqual({ column: 'category', direction: 'desc' });
    expect(nextSort(once, 'category')).toEqual({ column: 'category', direction: 'asc' });
  });

  it('selects another column ascending', () => {
    expect(nextSort({ column: 'category', direction: 'desc' }, 'name')).toEqual({
      column: 'name',
      direction: 'asc',
    });
  });

  it('sorts naturally, keeps ties in order and puts empty values last both ways', () => {
    const rows = [{ v: 'IL-10' }, { v: '' }, { v: 'IL-2' }, { v: 'il-2' }, { v: 'AB' }];
    expect(sortRows(rows, (r) => r.v, 'asc').map((r) => r.v)).toEqual(['AB', 'IL-2', 'il-2', 'IL-10', '']);
    expect(sortRows(rows, (r) => r.v, 'desc').map((r) => r.v)).toEqual(['IL-10', 'IL-2', 'il-2', 'AB', '']);
  });
});
