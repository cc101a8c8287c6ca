import type { Language } from '@portal/contract';
import type { Db } from '../../db/client.js';
import {
  auditTeamView,
  type ProducerCaller,
  resolveTeamScope,
  type TeamScope,
  type TeamScopeRequest,
  withScopeSize,
} from '../../db/team-scope.js';
import {
  type ContractList,
  type CriteriaOf,
  type ItemOf,
  type ListPage,
  type RunListOptions,
  runList,
  type ServerListDefinition,
} from '../../lists/index.js';
import { FormValidationError, type MessageRef } from '../../plugins/errors.js';
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

/** Shortest keyword searched across a large team (more than SMALL_SCOPE_PRODUCERS producers). */
export const MIN_TEAM_KEYWORD_LENGTH = 3;

/**
 * One- and two-character keywords cannot use the trigram indexes: across a large team they read every row of it
 * (over a minute for two letters on the million-policy data set, docs/performance.md) and would end in the statement
 * timeout. A small scope checks them row by row in milliseconds, so only a large team's search asks for more.
 */
export function refuseShortKeywordsForLargeTeam(scope: TeamScope, criteria: object): void {
  if (scope.small !== false) return;
  const { keywords, fundKeywords } = criteria as { keywords?: string; fundKeywords?: string };
  const fields: Record<string, MessageRef[]> = {};
  const message = {
    key: 'validation.keywordsTooShortForTeam',
    vars: { min: MIN_TEAM_KEYWORD_LENGTH },
  } as const;
  if (keywords && keywords.length < MIN_TEAM_KEYWORD_LENGTH) fields.keywords = [message];
  if (fundKeywords && fundKeywords.length < MIN_TEAM_KEYWORD_LENGTH) fields.fundKeywords = [message];
  if (Object.keys(fields).length > 0) throw new FormValidationError(fields);
}

/**
 * One producer list search: the team scope first (a selected producer outside the caller's subtree is a 404 before
 * any list query runs), the audit row when the caller views someone else's data, then the page and its count.
 */
export async function searchProducerList<C extends ContractList, Row extends Record<string, unknown>>(
  ctx: ProducerListsContext,
  caller: ProducerCaller,
  definition: ServerListDefinition<C, Row>,
  criteria: ScopedCriteria<C>,
  language: Language,
): Promise<ListPage<ItemOf<C>>> {
  const scope = await listScope(ctx, caller, criteria, definition.contract.name);
  return runList(ctx.db, definition, scope, criteria, language, ctx.listOptions);
}

export type ScopedCriteria<C extends ContractList> = CriteriaOf<C> & TeamScopeRequest;

/**
 * The scope of one list search or export: resolved before any list query runs (a selected producer outside the
 * caller's subtree is a 404), and audited as `what` when the caller views someone else's data.
 */
export async function listScope(
  ctx: ProducerListsContext,
  caller: ProducerCaller,
  criteria: TeamScopeRequest & { keywords?: string | undefined },
  what: string,
): Promise<TeamScope> {
  const scope = await resolveTeamScope(ctx.db, caller, criteria);
  await auditTeamView(ctx.db, scope, what, { includedTeam: scope.includedTeam });
  // Only keyword searches depend on the scope's size (keyword-filters.ts); others skip the extra read.
  if (!hasKeywords(criteria)) return scope;
  const sized = await withScopeSize(ctx.db, scope);
  refuseShortKeywordsForLargeTeam(sized, criteria);
  return sized;
}
