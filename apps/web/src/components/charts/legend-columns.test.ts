import { describe, expect, it } from 'vitest';
import { splitLegendColumns } from './legend-columns';

describe('legend columns (two columns, at least three per column)', () => {
  it('splits eight categories four and four', () => {
    const [first, second] = splitLegendColumns([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(first).toEqual([1, 2, 3, 4]);
    expect(second).toEqual([5, 6, 7, 8]);
  });

  it('keeps at least three in the first column', () => {
    expect(splitLegendColumns([1, 2, 3, 4])).toEqual([[1, 2, 3], [4]]);
    expect(splitLegendColumns([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(splitLegendColumns([1, 2, 3, 4, 5, 6, 7])).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7],
    ]);
  });

  it('leaves three or fewer entries in one column', () => {
    expect(splitLegendColumns([1, 2, 3])).toEqual([[1, 2, 3], []]);
    expect(splitLegendColumns([])).toEqual([[], []]);
  });
});
