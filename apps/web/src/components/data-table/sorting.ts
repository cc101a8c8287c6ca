/** Sorting rules shared by every sortable table (My Plan's sort, docs/web.md "Client area"). */

export type SortDirection = 'asc' | 'desc';

export interface SortState<Key extends string = string> {
  column: Key;
  direction: SortDirection;
}

/**
 * Clicking a header selects that column and toggles the direction: the same column flips asc ↔ desc; another
 * column starts ascending.
 */
export function nextSort<Key extends string>(current: SortState<Key>, clicked: Key): SortState<Key> {
  if (current.column === clicked) {
    return { column: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column: clicked, direction: 'asc' };
}

export type SortValue = string | number | null | undefined;

const collators = new Map<string, Intl.Collator>();

/**
 * Texts sort in the page's language (`<html lang>`: zh-Hant orders by strokes, ja and ko by their own rules), with
 * numbers inside texts in numeric order (IL-2 before IL-10).
 */
function collator(): Intl.Collator {
  const language = (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
  let found = collators.get(language);
  if (!found) {
    found = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    collators.set(language, found);
  }
  return found;
}

/** Empty values sort last whatever the direction, so a column's real entries stay together at the top. */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order =
    typeof a === 'number' && typeof b === 'number' ? a - b : collator().compare(String(a), String(b));
  return direction === 'asc' ? order : -order;
}

/** A stable sort (ties keep their original order) by one value per row. */
export function sortRows<Row>(
  rows: readonly Row[],
  sortValueOf: (row: Row) => SortValue,
  direction: SortDirection,
): Row[] {
  return rows
    .map((row, index) => ({ row, index, value: sortValueOf(row) }))
    .sort((a, b) => compareSortValues(a.value, b.value, direction) || a.index - b.index)
    .map((entry) => entry.row);
}
