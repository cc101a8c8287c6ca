import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { useLocale } from '../../lib/locale';
import { type Criteria, criteriaQuery, parseCriteria, serializeCriteria } from './criteria-url';
import { changePage, changeSort, defaultCriteria, resetFields, submitSearch } from './search-transitions';

/** `{ items, totalSize, totalIsLowerBound }` of a list (contract listResponse). */
export interface ListPage<Item> {
  items: Item[];
  totalSize: number;
  totalIsLowerBound: boolean;
}

/** Whose data a list shows: the team-tree choice (null = the signed-in producer), with or without their team. */
export interface ListScope {
  selectedProducerId: number | null;
  /** The tree's "with their team" / "alone": the default of the list's includedTeam while a sub-partner is chosen. */
  includedTeam: boolean;
}

export interface SearchListOptions<C extends Criteria, Item> {
  /** The contract definition's name: part of the query key. */
  name: string;
  /** POST path of the list, e.g. '/b2b/new_business'. */
  path: string;
  criteriaSchema: z.ZodType<C>;
  /**
   * The answer's contract schema (a function of the criteria when the row depends on them: the chosen report). It
   * types the rows; the browser does not parse the answer again (decision 031), so it is never called here.
   */
  responseSchema: z.ZodType<ListPage<Item>> | ((criteria: C) => z.ZodType<ListPage<Item>>);
  /** The criteria keys the filter form edits (Reset returns them to their defaults). */
  fieldKeys: readonly string[];
  /** The producer lists' team-tree choice; lists without one (the staff lists) leave it out. */
  scope?: ListScope;
  /** Whether these criteria are fetched (default: always); reports fetch only once a runnable report is chosen. */
  enabled?: (criteria: C) => boolean;
  /**
   * Criteria kept when the selected producer changes; the rest return to their defaults (reports keep the chosen
   * report, whose own defaults then apply).
   */
  keepOnScopeChange?: readonly string[];
  /**
   * Whether the page on screen stays while the next criteria load (default: always). Reports keep it only within the
   * same report: another report's rows do not fit the new columns.
   */
  keepPageWhile?: (previous: C, next: C) => boolean;
}

/**
 * One list's state and data: criteria kept in the URL (parsed with the contract schema), the transitions
 * of docs/producer/web-lists.md, and the page fetched with TanStack Query keyed by list, producer, language and
 * criteria. The page on screen stays while the next one loads (placeholderData), so paging does not flash an empty
 * table.
 */
/** Stands for "no scope": never changes, so the scope-change reset below never runs for such lists. */
const NO_SCOPE: ListScope = { selectedProducerId: null, includedTeam: true };

export function useSearchList<C extends Criteria, Item>(options: SearchListOptions<C, Item>) {
  const { name, path, criteriaSchema: schema, fieldKeys, enabled } = options;
  const scoped = options.scope !== undefined;
  const scope = options.scope ?? NO_SCOPE;
  const { language } = useLocale();
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => parseCriteria(schema, params), [schema, params]);

  // A change of selected producer returns the whole search to its defaults, with the tree's team choice as the
  // includedTeam default. Until the URL has caught up, the defaults are used directly, so the old producer's filters
  // are never sent for the new one.
  const scopeKey = `${scope.selectedProducerId}:${scope.includedTeam}`;
  const scopeSeen = useRef(scopeKey);
  // The old producer's URL, from the scope change until a committed render shows another URL. The router applies a
  // navigation in a transition, so renders in between still see the old URL: they too use the defaults (otherwise
  // one request went out with the old producer's filters for the new producer). It is cleared in an effect, never
  // during render: a transition render that saw the new URL may be thrown away, and the render that replaces it
  // sees the old URL again.
  const staleUrl = useRef<string | null>(null);
  const urlNow = params.toString();
  const scopeChanged = scopeSeen.current !== scopeKey || staleUrl.current === urlNow;
  useEffect(() => {
    if (staleUrl.current !== null && staleUrl.current !== urlNow) staleUrl.current = null;
  }, [urlNow]);
  const keepKey = (options.keepOnScopeChange ?? []).join(',');
  const scopedDefaults = useCallback((): C => {
    const kept = keepKey ? keepKey.split(',').filter((key) => fromUrl[key] !== undefined) : [];
    if (kept.length === 0) return { ...defaultCriteria(schema), includedTeam: scope.includedTeam };
    const raw = Object.fromEntries(kept.map((key) => [key, fromUrl[key]]));
    const parsed = schema.safeParse({ ...raw, includedTeam: scope.includedTeam });
    return parsed.success ? parsed.data : { ...defaultCriteria(schema), includedTeam: scope.includedTeam };
  }, [schema, scope.includedTeam, keepKey, fromUrl]);
  const criteria = useMemo(
    () => (scopeChanged ? scopedDefaults() : fromUrl),
    [scopeChanged, scopedDefaults, fromUrl],
  );
  useEffect(() => {
    if (scopeSeen.current === scopeKey) return;
    scopeSeen.current = scopeKey;
    const next = serializeCriteria(schema, scopedDefaults());
    const current = params.toString();
    staleUrl.current = next.toString() === current ? null : current;
    setParams(next, { replace: true });
  }, [scopeKey, schema, scopedDefaults, setParams, params]);

  /** The criteria as the server gets them: with the selected producer. */
  const request = useMemo(
    () => (scoped ? { ...criteria, selectedProducerId: scope.selectedProducerId ?? undefined } : criteria),
    [scoped, criteria, scope.selectedProducerId],
  );

  const query = useQuery({
    queryKey: ['list', name, scope.selectedProducerId, language, criteria],
    queryFn: ({ signal }) => api.post<ListPage<Item>>(path, request, { signal }),
    placeholderData: (previous, previousQuery) => {
      const keepPageWhile = options.keepPageWhile;
      if (!keepPageWhile || !previousQuery) return keepPreviousData(previous);
      const previousCriteria = previousQuery.queryKey[4] as C;
      return keepPageWhile(previousCriteria, criteria) ? keepPreviousData(previous) : undefined;
    },
    enabled: enabled ? enabled(criteria) : true,
  });

  const navigate = useCallback(
    (next: C) => {
      const nextParams = serializeCriteria(schema, next);
      // The same search submitted again is still a request for fresh rows.
      if (nextParams.toString() === serializeCriteria(schema, criteria).toString()) void query.refetch();
      else setParams(nextParams);
    },
    [schema, criteria, setParams, query.refetch],
  );

  return {
    criteria,
    /** Criteria with the selected producer: the body of the list call. */
    request,
    /** Export / statement query: criteria without page and size, with the selected producer. */
    exportQuery: useMemo(() => criteriaQuery(request), [request]),
    query,
    submit: (fields: Record<string, unknown>) => navigate(submitSearch(schema, criteria, fields)),
    changePage: (change: { page?: number; sizePerPage?: number }) =>
      navigate(changePage(schema, criteria, change)),
    changeSort: (field: string) => navigate(changeSort(schema, criteria, field)),
    reset: () => {
      const reset = resetFields(schema, criteria, fieldKeys);
      navigate(
        scoped && fieldKeys.includes('includedTeam') ? { ...reset, includedTeam: scope.includedTeam } : reset,
      );
    },
  };
}

export type SearchList<C extends Criteria, Item> = ReturnType<typeof useSearchList<C, Item>>;
