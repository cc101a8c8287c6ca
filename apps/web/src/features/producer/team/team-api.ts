import {
  producerProfileSchema,
  subtreeResponseSchema,
  TREE_SUBTREE_LIMIT,
  teamSearchResponseSchema,
  treeNodesResponseSchema,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Fetchers of the team tree, the team search and producer profiles (server module producer-team). */

export const teamKeys = {
  search: (q: string) => ['b2b', 'team', 'search', q] as const,
  profile: (producerId: number) => ['b2b', 'profile', producerId] as const,
};

/** The caller as the single root node. */
export async function fetchTreeRoot(signal?: AbortSignal) {
  const [root] = await api.get('/b2b/get_tree_node', {
    query: { load_parent: true },
    schema: treeNodesResponseSchema,
    signal,
  });
  if (root?.kind !== 'producer') throw new Error('The team tree has no root');
  return root;
}

/** One page of a producer's children, possibly ending with a "more" node. */
export function fetchTreeChildren(id: number, offset = 0, signal?: AbortSignal) {
  return api.get('/b2b/get_tree_node', {
    query: { load_parent: false, id, offset: offset || undefined },
    schema: treeNodesResponseSchema,
    signal,
  });
}

/** Expand-all: up to TREE_SUBTREE_LIMIT members below `id`, breadth first. */
export function fetchSubtree(id: number, signal?: AbortSignal) {
  return api.get('/b2b/team/subtree', {
    query: { id, limit: TREE_SUBTREE_LIMIT },
    schema: subtreeResponseSchema,
    signal,
  });
}

export function teamSearchQuery(q: string) {
  return queryOptions({
    queryKey: teamKeys.search(q),
    queryFn: ({ signal }) =>
      api.get('/b2b/team/search', { query: { q }, schema: teamSearchResponseSchema, signal }),
    staleTime: 60_000,
  });
}

export function producerProfileQuery(producerId: number) {
  return queryOptions({
    queryKey: teamKeys.profile(producerId),
    queryFn: ({ signal }) => api.get(`/b2b/profile/${producerId}`, { schema: producerProfileSchema, signal }),
  });
}
