import type { Language } from '@portal/contract';
import type { Db } from '../../db/client.js';
import { auditTeamView, type ProducerCaller, resolveTeamScope } from '../../db/team-scope.js';
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
  const scope = await resolveTeamScope(ctx.db, caller, criteria);
  await auditTeamView(ctx.db, scope, definition.contract.name, { includedTeam: scope.includedTeam });
  return runList(ctx.db, definition, scope, criteria, language, ctx.listOptions);
}
