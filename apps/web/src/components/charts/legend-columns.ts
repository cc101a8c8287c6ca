/**
 * The plan-category legend sits in two columns with at least three entries in each (docs/web.md, "Client area"): the
 * first column takes max(3, half rounded up), the second the rest. Fewer than four entries stay in one column.
 */
export const MIN_LEGEND_PER_COLUMN = 3;

export function splitLegendColumns<T>(items: readonly T[]): [T[], T[]] {
  if (items.length <= MIN_LEGEND_PER_COLUMN) return [[...items], []];
  const first = Math.max(MIN_LEGEND_PER_COLUMN, Math.ceil(items.length / 2));
  return [items.slice(0, first), items.slice(first)];
}

/** Calm, distinguishable segment colours (Mantine palette names), used in order. */
export const CHART_COLORS = [
  'brand.7',
  'teal.6',
  'orange.5',
  'grape.6',
  'yellow.6',
  'cyan.4',
  'red.6',
  'indigo.4',
  'lime.7',
  'pink.5',
  'gray.6',
] as const;

/** The colour of the n-th segment, cycling through the palette. */
export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length] ?? 'gray.6';
}
