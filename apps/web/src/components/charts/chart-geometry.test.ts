import { describe, expect, it } from 'vitest';
import { donutArcs, labelIndices, monotonePath, niceTicks } from './chart-geometry';

describe('donutArcs', () => {
  it('gives each value its share of the turn, in order, end to end', () => {
    const arcs = donutArcs([2, 2, 1, 3, 1, 1, 1, 1], 0);
    expect(arcs.map((arc) => arc.sweep)).toEqual([60, 60, 30, 90, 30, 30, 30, 30]);
    expect(arcs.map((arc) => arc.start)).toEqual([0, 60, 120, 150, 240, 270, 300, 330]);
    expect(arcs.reduce((sum, arc) => sum + arc.drawn, 0)).toBe(360);
  });

  it('takes the gap half from each end of every arc', () => {
    const [first, second] = donutArcs([38, 38, 24], 2);
    expect(first).toEqual({ start: 1, sweep: 136.8, drawn: 134.8 });
    expect(second?.start).toBeCloseTo(137.8);
    expect(second?.drawn).toBeCloseTo(134.8);
  });

  it('draws a single value as a closed ring, and gives nothing to zero, negative or non-numbers', () => {
    expect(donutArcs([5], 2)).toEqual([{ start: 0, sweep: 360, drawn: 360 }]);
    const arcs = donutArcs([0, -3, Number.NaN, 4], 2);
    expect(arcs.slice(0, 3).map((arc) => arc.drawn)).toEqual([0, 0, 0]);
    expect(arcs[3]).toEqual({ start: 0, sweep: 360, drawn: 360 });
    expect(donutArcs([], 2)).toEqual([]);
  });

  it('never draws a negative length when the gap is wider than a tiny slice', () => {
    const arcs = donutArcs([1000, 1], 5);
    expect(arcs[1]?.drawn).toBe(0);
    expect(arcs[0]?.drawn).toBeCloseTo(359.64 - 5, 1);
  });
});

describe('niceTicks', () => {
  it('reads 0 to 36,000 by 9,000 for a portfolio of 35,273 (as the previous chart did)', () => {
    expect(niceTicks([31_000, 33_500.5, 35_273.49])).toEqual([0, 9000, 18_000, 27_000, 36_000]);
  });

  it('stops at the first tick above the highest value, and covers negatives', () => {
    expect(niceTicks([4])).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks([-50, 120])).toEqual([-90, -45, 0, 45, 90, 135]);
    expect(niceTicks([0])).toEqual([0, 1]);
  });
});

describe('labelIndices', () => {
  it('keeps the last label and every k-th before it when they do not all fit', () => {
    expect(labelIndices(9, 360, 64)).toEqual([0, 2, 4, 6, 8]);
    expect(labelIndices(9, 1000, 64)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(labelIndices(6, 150, 64)).toEqual([2, 5]);
    expect(labelIndices(0, 300, 64)).toEqual([]);
  });
});

describe('monotonePath', () => {
  it('passes through every point and stays flat where the values are flat', () => {
    const path = monotonePath([
      { x: 0, y: 100 },
      { x: 10, y: 50 },
      { x: 20, y: 50 },
      { x: 30, y: 0 },
    ]);
    expect(path.startsWith('M0,100C')).toBe(true);
    expect(path).toContain(',10,50C');
    // Between the two equal values both control points sit at the same height: no bump.
    expect(path).toContain('C13.33,50,16.67,50,20,50');
    expect(path.endsWith(',30,0')).toBe(true);
  });

  it('is a bare move for one point and empty for none', () => {
    expect(monotonePath([{ x: 3, y: 4 }])).toBe('M3,4');
    expect(monotonePath([])).toBe('');
  });
});
