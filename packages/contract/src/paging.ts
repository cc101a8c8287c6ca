import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** Paging and sorting common to every producer list; each list narrows sortField to its own allowlist. */
export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(FIRST_PAGE),
  sizePerPage: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 20 or 30')
    .default(DEFAULT_PAGE_SIZE),
  sortOrder: z.enum(SORT_ORDERS).optional(),
});

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalSize: z.number().int().nonnegative() });
}

/** How many months of statements can be chosen and downloaded. */
export const STATEMENT_MONTHS_AVAILABLE = 6;
