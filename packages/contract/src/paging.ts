import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const SORT_ORDERS = ['asc', 'desc'] as const;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalSize: z.number().int().nonnegative() });
}

/** How many months of statements can be chosen and downloaded. */
export const STATEMENT_MONTHS_AVAILABLE = 6;
