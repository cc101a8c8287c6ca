/**
 * The arithmetic of the hand-drawn SVG charts, kept apart from React so it can be tested against the data: a donut's
 * arcs, an axis's "nice" ticks, which month labels fit, and a monotone curve through the points.
 */

export type DonutArc = {
  /** Where the arc starts, in degrees of the full turn (0 = 3 o'clock, counter-clockwise as drawn). */
  start: number;
  /** The arc's share of the turn in degrees, before the gap is taken off. */
  sweep: number;
  /** The drawn length in degrees: the sweep less the gap between neighbours (never negative). */
  drawn: number;
};

/**
 * One arc per value, proportional to it, in order. A gap of `gapDegrees` separates neighbours (half taken from each
 * end); a single arc is a closed ring with no gap. Values that are not positive finite numbers take no room.
 */
export function donutArcs(values: readonly number[], gapDegrees: number): DonutArc[] {
  const sizes = values.map((value) => (Number.isFinite(value) && value > 0 ? value : 0));
  const total = sizes.reduce((sum, value) => sum + value, 0);
  const parts = sizes.filter((value) => value > 0).length;
  let start = 0;
  return sizes.map((value) => {
    const sweep = total > 0 ? (value / total) * 360 : 0;
    const gap = parts > 1 && sweep > 0 ? Math.min(gapDegrees, sweep) : 0;
    const arc = { start: start + gap / 2, sweep, drawn: sweep - gap };
    start += sweep;
    return arc;
  });
}

/**
 * Axis ticks from 0 (or below the lowest value when negative) to the first at or above the highest, on a step that
 * reads well: the rough step rounded up to a multiple of 0.05 of its power of ten (0.1 for single digits), as the
 * previous chart library did, so 35,273 over five ticks reads 0, 9,000 … 36,000.
 */
export function niceTicks(values: readonly number[], count = 5): number[] {
  const finite = values.filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const high = Math.max(0, ...finite);
  if (high === low) return [low, low + 1];
  const rough = (high - low) / (count - 1);
  const digits = Math.floor(Math.log10(rough)) + 1;
  const power = 10 ** digits;
  const scale = digits === 1 ? 0.1 : 0.05;
  // Rounding first keeps 0.9000000001 from becoming 0.95.
  const ratio = Math.ceil(Number((rough / power / scale).toFixed(9))) * scale;
  const step = ratio * power;
  const first = Math.floor(low / step) * step;
  // Usually `count` ticks; one more when flooring the lowest value pushed the last tick under the highest.
  const ticks: number[] = [];
  for (let tick = first; ticks.length === 0 || (ticks[ticks.length - 1] as number) < high; tick += step) {
    ticks.push(Number(tick.toPrecision(12)));
  }
  return ticks;
}

/**
 * Which of `count` evenly spaced labels to show when each needs `labelWidth` of `width`: every k-th, counted back
 * from the last so the latest month is always labelled.
 */
export function labelIndices(count: number, width: number, labelWidth: number): number[] {
  if (count <= 0) return [];
  const every = Math.max(1, Math.ceil((count * labelWidth) / Math.max(width, 1)));
  const shown: number[] = [];
  for (let index = count - 1; index >= 0; index -= every) shown.unshift(index);
  return shown;
}

export type Point = { x: number; y: number };

/**
 * An SVG path through the points with a monotone cubic curve (Fritsch–Carlson, as d3's curveMonotoneX): smooth, and
 * never overshooting, so a flat month stays flat and the line never dips below a real value.
 */
export function monotonePath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  const first = points[0] as Point;
  if (points.length === 1) return `M${round(first.x)},${round(first.y)}`;
  const slopes: number[] = [];
  for (let index = 0; index < points.length - 1; index++) {
    const a = points[index] as Point;
    const b = points[index + 1] as Point;
    slopes.push(b.x === a.x ? 0 : (b.y - a.y) / (b.x - a.x));
  }
  const tangents = points.map((_, index) => {
    if (index === 0) return slopes[0] as number;
    if (index === points.length - 1) return slopes[index - 1] as number;
    const before = slopes[index - 1] as number;
    const after = slopes[index] as number;
    return before * after <= 0 ? 0 : (2 * before * after) / (before + after);
  });
  let path = `M${round(first.x)},${round(first.y)}`;
  for (let index = 0; index < points.length - 1; index++) {
    const a = points[index] as Point;
    const b = points[index + 1] as Point;
    const third = (b.x - a.x) / 3;
    path += `C${round(a.x + third)},${round(a.y + third * (tangents[index] as number))},${round(b.x - third)},${round(b.y - third * (tangents[index + 1] as number))},${round(b.x)},${round(b.y)}`;
  }
  return path;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
