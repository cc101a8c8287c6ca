import { z } from 'zod';
import type { Language } from '../sites.js';

/** A column's value kind: how the table formats it and how the Excel export types its cells. */
export type ColumnKind =
  /** Plain text. */
  | 'text'
  /** ISO YYYY-MM-DD business date: shown YYYY/MM/DD, an Excel date cell. */
  | 'date'
  /** Decimal string, 2 decimals with thousands separators; an Excel number cell `#,##0.00`. */
  | 'amount'
  /** Decimal string, 4 decimals (units, prices); an Excel number cell `#,##0.0000`. */
  | 'units'
  /** Integer; an Excel number cell. */
  | 'int';

export type LocalizedLabel = Record<Language, string>;

/** One column of a list: the item field it shows, its kind, its header in every language. */
export interface ListColumn<K extends string = string> {
  key: K;
  kind: ColumnKind;
  label: LocalizedLabel;
  /** Long free text (names, products) that may wrap on screen; every other column keeps to one line. */
  wrap?: true;
  /**
   * A key column, always in view on a screen where the table scrolls sideways: 'start' sticks to the left edge (what
   * names the row: a client, a reference), 'end' to the right edge beside the row's buttons (its state: a stage, a
   * status). Other columns scroll under them. On phones every column is a line of the row's card.
   */
  pin?: ColumnPin;
}

/** Which edge of a sideways-scrolling table a key column sticks to. */
export type ColumnPin = 'start' | 'end';

export interface ListDefinitionInput<
  Name extends string,
  Criteria extends z.ZodType,
  Item extends z.ZodObject,
  Sort extends readonly [string, ...string[]],
> {
  /** Stable name: the base of the export's file name and of the web's URL state. */
  name: Name;
  /**
   * The whole criteria object (common criteria + this list's filters, with its refinements). The same schema parses
   * the list's POST body, the export's query string and the web's URL; `criteria.parse({})` gives the defaults.
   */
  criteria: Criteria;
  item: Item;
  sortFields: Sort;
  /** Order used when no sortField is given (the server always adds the id as a tie-breaker). */
  defaultSort: { field: Sort[number]; order: 'asc' | 'desc' };
  /** Columns of the table and of the Excel export, in order. */
  columns: readonly ListColumn<Extract<keyof z.output<Item>, string>>[];
  /** Export file name per language, before the date: `new-business` → `new-business-2026-11-24.xlsx`. */
  fileName: LocalizedLabel;
}

/**
 * One producer list, declared once and used by both sides: the criteria schema the server validates (POST body and
 * export query) and the web parses from its URL, the item schema of the answer, the sort allowlist and default,
 * and the columns of the table and the Excel file. A new list or report is one more definition.
 */
export function defineList<
  Name extends string,
  Criteria extends z.ZodType,
  Item extends z.ZodObject,
  Sort extends readonly [string, ...string[]],
>(input: ListDefinitionInput<Name, Criteria, Item, Sort>) {
  return { ...input, response: listResponse(input.item) };
}

/**
 * `{ items, totalSize }` answer of every list. Counting stops at LIST_COUNT_LIMIT (a search matching a million rows
 * does not count them all for every page): `totalSize` is then that limit and `totalIsLowerBound` is true, and the web
 * shows "10,000+".
 */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    totalSize: z.number().int().nonnegative(),
    totalIsLowerBound: z.boolean(),
  });
}

/** Rows counted at most per search; beyond this the total is reported as "at least". */
export const LIST_COUNT_LIMIT = 10_000;

/** Rows an export may contain; more is refused with a message to narrow the search. */
export const EXPORT_ROW_LIMIT = 200_000;
