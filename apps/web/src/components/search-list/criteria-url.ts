import type { z } from 'zod';
import type { QueryParams } from '../../lib/api-client';

/*
 * A list's search criteria in the page URL (back button and reload restore a search; docs/producer/web-lists.md). The
 * contract definition's criteria schema is the only reader: the URL is untrusted text like any request, so a field it
 * refuses falls back to its default instead of breaking the screen, and the rest of the search survives.
 */

/** A parsed criteria object: whatever the contract's schema outputs. */
export type Criteria = Record<string, unknown>;

/** Paging and sorting: not form fields, and never part of an export or a statement bundle's query. */
export const PAGING_KEYS = ['page', 'sizePerPage'] as const;
export const SORT_KEYS = ['sortField', 'sortOrder'] as const;

/**
 * Keys the URL never carries: the selected producer belongs to the team tree (per tab), and is added to each call
 * by the list's query; `manager` has no meaning on this server (contract, criteria.ts).
 */
const NOT_IN_URL = new Set(['selectedProducerId', 'manager']);

/** URLSearchParams → raw object: a repeated key becomes an array, a single one a string. */
function rawFromParams(params: URLSearchParams): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    if (NOT_IN_URL.has(key)) continue;
    const values = params.getAll(key);
    raw[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  return raw;
}

/**
 * Parses the URL's criteria with the list's schema. A field the schema refuses is dropped (its default applies) and
 * the rest parsed again; an object-wide failure ends at the defaults. Never throws for what a URL holds.
 */
export function parseCriteria<C extends Criteria>(schema: z.ZodType<C>, params: URLSearchParams): C {
  const raw: Record<string, unknown> = rawFromParams(params);
  // Each round drops at least one key, so this ends after at most as many rounds as the URL has keys.
  for (let round = 0; round <= Object.keys(raw).length + 1; round += 1) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const badKeys = new Set(
      result.error.issues
        .map((issue) => issue.path[0])
        .filter((key) => key !== undefined && String(key) in raw),
    );
    if (badKeys.size === 0) break;
    for (const key of badKeys) delete raw[String(key)];
  }
  return schema.parse({});
}

function sameValue(a: unknown, b: unknown): boolean {
  const emptyA = a === undefined || (Array.isArray(a) && a.length === 0);
  const emptyB = b === undefined || (Array.isArray(b) && b.length === 0);
  if (emptyA || emptyB) return emptyA === emptyB;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/**
 * Criteria → URL search params, leaving out every value equal to its default (a fresh search has a clean URL),
 * arrays as repeated keys, in the definition's key order.
 */
export function serializeCriteria<C extends Criteria>(schema: z.ZodType<C>, criteria: C): URLSearchParams {
  const defaults = schema.parse({}) as Criteria;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(criteria)) {
    if (NOT_IN_URL.has(key) || value === null || sameValue(value, defaults[key])) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params;
}

/**
 * The query of an export or a statement bundle (docs/producer/web-lists.md): the current criteria without page and page
 * size, arrays as repeated keys (api-client appends them so), booleans and the selected producer included so the server
 * scopes exactly like the list.
 */
export function criteriaQuery(criteria: Criteria, extra: QueryParams = {}): QueryParams {
  const query: QueryParams = {};
  for (const [key, value] of Object.entries(criteria)) {
    if ((PAGING_KEYS as readonly string[]).includes(key) || value === undefined || value === null) continue;
    if (Array.isArray(value))
      query[key] = value.map((item) => (typeof item === 'number' ? item : String(item)));
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      query[key] = value;
  }
  return { ...query, ...extra };
}
