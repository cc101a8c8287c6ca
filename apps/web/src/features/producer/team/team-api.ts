import {
  API_ROUTES,
  apiPath,
  type ProducerProfile,
  type SubtreeResponse,
  type TeamSearchResponse,
  TREE_SUBTREE_LIMIT,
  type TreeNode,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Fetchers of the team tree, the team search and producer profiles (server module producer-team). */
const routes = API_ROUTES.producerTeam;

export const teamKeys = {
  search: (q: string) => ['b2b', 'team', 'search', q] as const,
  profile: (producerId: number) => ['b2b', 'profile', producerId] as const,
};

/** The caller as the single root node. */
export async function fetchTreeRoot(signal?: AbortSignal) {
  const [root] = await api.get<TreeNode[]>(routes.treeNode.path, {
    query: { load_parent: true },
    signal,
  });
  if (root?.kind !== 'producer') throw new Error('The team tree has no root');
  return root;
}

/** One page of a producer's children, possibly ending with a "more" node. */
export function fetchTreeChildren(id: number, offset = 0, signal?: AbortSignal) {
  return api.get<TreeNode[]>(routes.treeNode.path, {
    query: { load_parent: false, id, offset: offset || undefined },
    signal,
  });
}

/** Expand-all: up to TREE_SUBTREE_LIMIT members below `id`, breadth first. */
export function fetchSubtree(id: number, signal?: AbortSignal) {
  return api.get<SubtreeResponse>(routes.subtree.path, {
    query: { id, limit: TREE_SUBTREE_LIMIT },
    signal,
  });
}

export function teamSearchQuery(q: string) {
  return queryOptions({
    queryKey: teamKeys.search(q),
    queryFn: ({ signal }) => api.get<TeamSearchResponse>(routes.search.path, { query: { q }, signal }),
    staleTime: 60_000,
  });
}

export function producerProfileQuery(producerId: number) {
  return queryOptions({
    queryKey: teamKeys.profile(producerId),
    queryFn: ({ signal }) => api.get<ProducerProfile>(apiPath(routes.profile, { producerId }), { signal }),
  });
}
