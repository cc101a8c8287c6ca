import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@portal/contract';
import type { z } from 'zod';
import type { Criteria } from './criteria-url';

/*
 * The search transitions (docs/producer/web-lists.md, "Search transitions"), as pure functions from one criteria object
 * to the next. Each result is parsed again by the list's schema, so a transition can never produce criteria the server
 * would refuse. The same page explains the choices behind them.
 */

function reparse<C extends Criteria>(schema: z.ZodType<C>, raw: Record<string, unknown>, fallback: C): C {
  const result = schema.safeParse(raw);
  return result.success ? result.data : fallback;
}

/** Submit: the form's fields merge into the query; paging returns to page 1, size 10, and the sort is dropped. */
export function submitSearch<C extends Criteria>(
  schema: z.ZodType<C>,
  current: C,
  fields: Record<string, unknown>,
): C {
  return reparse(
    schema,
    {
      ...current,
      ...fields,
      page: FIRST_PAGE,
      sizePerPage: DEFAULT_PAGE_SIZE,
      sortField: undefined,
      sortOrder: undefined,
    },
    current,
  );
}

/**
 * A page change merges without touching the fields. A new page size starts again at page 1: the page number of
 * the old size would point at other rows (or past the end).
 */
export function changePage<C extends Criteria>(
  schema: z.ZodType<C>,
  current: C,
  change: { page?: number; sizePerPage?: number },
): C {
  const sizeChanged = change.sizePerPage !== undefined && change.sizePerPage !== current.sizePerPage;
  return reparse(schema, { ...current, ...change, ...(sizeChanged ? { page: FIRST_PAGE } : {}) }, current);
}

/** A sort change merges too (fields and page kept): the same column flips asc ↔ desc, another starts ascending. */
export function changeSort<C extends Criteria>(schema: z.ZodType<C>, current: C, field: string): C {
  const order = current.sortField === field && current.sortOrder === 'asc' ? 'desc' : 'asc';
  return reparse(schema, { ...current, sortField: field, sortOrder: order }, current);
}

/** Reset: the fields return to their defaults; paging and sort stay as they are. */
export function resetFields<C extends Criteria>(
  schema: z.ZodType<C>,
  current: C,
  fieldKeys: readonly string[],
): C {
  const defaults = schema.parse({}) as Criteria;
  const raw: Record<string, unknown> = { ...current };
  for (const key of fieldKeys) raw[key] = defaults[key];
  return reparse(schema, raw, current);
}

/** A change of selected producer: paging, sort and fields all return to the defaults. */
export function defaultCriteria<C extends Criteria>(schema: z.ZodType<C>): C {
  return schema.parse({});
}
