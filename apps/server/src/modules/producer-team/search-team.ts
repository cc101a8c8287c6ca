import { TEAM_SEARCH_LIMIT, type TeamSearchResponse } from '@portal/contract';
import type { Db } from '../../db/client.js';
import type { ProducerCaller } from '../../db/team-scope.js';
import { searchSubtree, selectPaths } from './queries.js';

/**
 * GET /b2b/team/search: the caller's team members (the caller included) whose name or Advisor Code contains `q`,
 * at most TEAM_SEARCH_LIMIT, each with the names from the caller down to its parent so the panel can say where it
 * sits and open the branches to it.
 */
export async function searchTeam(db: Db, caller: ProducerCaller, q: string): Promise<TeamSearchResponse> {
  const found = await searchSubtree(db, caller.siteCode, caller.producerId, q, TEAM_SEARCH_LIMIT + 1);
  const hits = found.slice(0, TEAM_SEARCH_LIMIT);
  const paths = await selectPaths(
    db,
    caller.producerId,
    hits.map((h) => h.id),
  );
  return {
    items: hits.map((h) => ({
      id: h.id,
      code: h.code,
      name: h.name,
      fullName: h.fullName,
      title: h.title,
      childCount: h.childCount,
      path: paths.get(h.id) ?? [],
    })),
    truncated: found.length > TEAM_SEARCH_LIMIT,
  };
}
