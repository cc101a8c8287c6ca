import type { ProducerTreeNode, TreeNode } from '@portal/contract';
import { useCallback, useRef, useState } from 'react';
import { fetchSubtree, fetchTreeChildren } from './team-api';

/**
 * What the panel knows of the team tree: every producer loaded so far and, per producer, the children loaded so far
 * (in the server's order); the root comes from its own query. A producer without an entry in `children` has not been opened yet; one whose loaded
 * children are fewer than its childCount shows "n more".
 */
export interface TeamTreeState {
  nodes: ReadonlyMap<number, ProducerTreeNode>;
  children: ReadonlyMap<number, readonly number[]>;
}

/** Expand-all stopped at the server's cap: how many members it shows of how many. */
export interface ExpandAllNotice {
  shown: number;
  total: number;
}

const byName = (a: ProducerTreeNode, b: ProducerTreeNode) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

/** Adds children under `parentId`, keeping each producer once and the server's order (by name). */
function addChildren(
  state: TeamTreeState,
  parentId: number,
  incoming: readonly ProducerTreeNode[],
): TeamTreeState {
  const nodes = new Map(state.nodes);
  for (const node of incoming) nodes.set(node.id, node);
  const ids = new Set([...(state.children.get(parentId) ?? []), ...incoming.map((n) => n.id)]);
  const ordered = [...ids]
    .map((id) => nodes.get(id))
    .filter((n): n is ProducerTreeNode => !!n)
    .sort(byName)
    .map((n) => n.id);
  const children = new Map(state.children);
  children.set(parentId, ordered);
  return { nodes, children };
}

const producersOf = (answer: TreeNode[]) =>
  answer.filter((n): n is ProducerTreeNode => n.kind === 'producer');

/**
 * Loads the tree lazily: a producer's children when it is first opened, the next page on "n more", and for
 * expand-all one bounded breadth-first answer (at most TREE_SUBTREE_LIMIT members).
 */
export function useTeamTree(root: ProducerTreeNode | undefined) {
  const [state, setState] = useState<TeamTreeState>({ nodes: new Map(), children: new Map() });
  const stateRef = useRef(state);
  stateRef.current = state;
  const rootId = root?.id;

  const loadChildren = useCallback(async (parentId: number) => {
    const answer = await fetchTreeChildren(parentId);
    setState((current) => addChildren(current, parentId, producersOf(answer)));
  }, []);

  const loadMore = useCallback(async (parentId: number) => {
    const offset = stateRef.current.children.get(parentId)?.length ?? 0;
    const answer = await fetchTreeChildren(parentId, offset);
    setState((current) => addChildren(current, parentId, producersOf(answer)));
  }, []);

  /** Loads what expand-all shows and returns the producers to open (those with children loaded). */
  const loadForExpandAll = useCallback(async (): Promise<{
    open: number[];
    notice: ExpandAllNotice | null;
  }> => {
    if (rootId === undefined) return { open: [], notice: null };
    const subtree = await fetchSubtree(rootId);
    let next = stateRef.current;
    const byParent = new Map<number, ProducerTreeNode[]>();
    for (const member of subtree.members) {
      const { parentId, ...node } = member;
      byParent.set(parentId, [...(byParent.get(parentId) ?? []), node]);
    }
    for (const [parentId, members] of byParent) next = addChildren(next, parentId, members);
    stateRef.current = next;
    setState(next);
    const open = [...next.children.entries()].filter(([, ids]) => ids.length > 0).map(([id]) => id);
    return {
      open,
      notice: subtree.truncated ? { shown: subtree.members.length, total: subtree.total } : null,
    };
  }, [rootId]);

  return { state, loadChildren, loadMore, loadForExpandAll };
}
