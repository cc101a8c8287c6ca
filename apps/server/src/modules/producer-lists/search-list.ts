import type { Language } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { auditTeamView, type ProducerCaller, resolveTeamScope, withScopeSize } from '../../db/team-scope.js';
import {
  type ContractList,
  type CriteriaOf,
  type ItemOf,
  type ListPage,
  type RunListOptions,
  runList,
  type ServerListDefinition,
} from '../../lists/index.js';
import type { ModuleOptions } from '../module-options.js';

export interface ProducerListsContext {
  db: Db;
  listOptions?: RunListOptions;
  /** What the Excel exports need: the render threads, the cursor reader, the clock (file names). */
  exports: Pick<ModuleOptions, 'renderPool' | 'queryInBatches'> & { now: () => Date };
}

/** Whether a search has keywords (the lists' `keywords`, the Clients list's `fundKeywords`). */
export function hasKeywords(criteria: object): boolean {
  const { keywords, fundKeywords } = criteria as { keywords?: string; fundKeywords?: string };
  return Boolean(keywords || fundKeywords);
}

/**
 * One producer list search: the team scope first (a selected producer outside the caller's subtree is a 404 before
 * any list query runs), the audit row when the caller views someone else's data, then the page and its count.
 */
export async function searchProducerList<C extends ContractList, Row extends Record<string, unknown>>(
  ctx: ProducerListsContext,
  caller: ProducerCaller,
  definition: ServerListDefinition<C, Row>,
  criteria: CriteriaOf<C> & { selectedProducerId?: number | undefined; includedTeam?: boolean | undefined },
  language: Language,
): Promise<ListPage<ItemOf<C>>> {
  const resolved = await resolveTeamScope(ctx.db, caller, criteria);
  await auditTeamView(ctx.db, resolved, definition.contract.name, { includedTeam: resolved.includedTeam });
  // Only keyword searches depend on the scope's size (keyword-filters.ts); others skip the extra read.
  const scope = hasKeywords(criteria) ? await withScopeSize(ctx.db, resolved) : resolved;
  return runList(ctx.db, definition, scope, criteria, language, ctx.listOptions);
}
