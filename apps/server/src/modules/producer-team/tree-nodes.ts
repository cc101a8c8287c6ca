import {
  type MoreTreeNode,
  type ProducerTreeNode,
  type SubtreeResponse,
  TREE_CHILDREN_PAGE,
  type TreeNode,
  type TreeNodeQuery,
} from '@portal/contract';
import type { Db } from '../../db/client.js';
import { isInTeam, type ProducerCaller } from '../../db/team-scope.js';
import type { Translate } from '../../i18n/index.js';
import { HttpError } from '../../plugins/errors.js';
import { selectChildren, selectMember, selectSubtree, type TeamMemberRow } from './queries.js';

export function treeNode(row: TeamMemberRow): ProducerTreeNode {
  return {
    kind: 'producer',
    id: row.id,
    text: `${row.name} (${row.code})`,
    children: row.childCount > 0,
    childCount: row.childCount,
    code: row.code,
    name: row.name,
    fullName: row.fullName,
    title: row.title,
    li_attr: { name: row.name, fullname: row.fullName },
  };
}

/** Any id outside the caller's subtree answers like one that does not exist. */
async function requireInTeam(db: Db, caller: ProducerCaller, id: number): Promise<void> {
  if (id !== caller.producerId && !(await isInTeam(db, caller, id))) {
    throw new HttpError(404, 'errors.notFound');
  }
}

/**
 * GET /b2b/get_tree_node. The root: the caller (or `root_producer_id` from their team) as the single node. Children:
 * one page of TREE_CHILDREN_PAGE by name; when more remain, a disabled "n more" node ends the list with the offset
 * of the next page, so neither our panel nor a jsTree client ever receives thousands of nodes at once.
 */
export async function getTreeNodes(
  db: Db,
  caller: ProducerCaller,
  query: TreeNodeQuery,
  t: Translate,
): Promise<TreeNode[]> {
  if (query.load_parent) {
    const rootId = query.root_producer_id ?? caller.producerId;
    await requireInTeam(db, caller, rootId);
    const root = await selectMember(db, caller.siteCode, rootId);
    if (!root) throw new HttpError(404, 'errors.notFound');
    return [treeNode(root)];
  }
  const parentId = query.id as number; // the schema requires id when load_parent is false
  await requireInTeam(db, caller, parentId);
  const parent = await selectMember(db, caller.siteCode, parentId);
  if (!parent) throw new HttpError(404, 'errors.notFound');
  const children = await selectChildren(db, caller.siteCode, parentId, {
    offset: query.offset,
    limit: TREE_CHILDREN_PAGE,
  });
  const nodes: TreeNode[] = children.map(treeNode);
  const nextOffset = query.offset + children.length;
  const remaining = parent.childCount - nextOffset;
  if (children.length === TREE_CHILDREN_PAGE && remaining > 0) {
    const more: MoreTreeNode = {
      kind: 'more',
      id: `more-${parentId}-${nextOffset}`,
      text: t('team.moreChildren', { count: remaining.toLocaleString('en-US') }),
      children: false,
      parentId,
      remaining,
      nextOffset,
      state: { disabled: true },
    };
    nodes.push(more);
  }
  return nodes;
}

/** GET /b2b/team/subtree: what expand-all shows, breadth first, capped at `limit` members. */
export async function getSubtree(
  db: Db,
  caller: ProducerCaller,
  id: number,
  limit: number,
): Promise<SubtreeResponse> {
  await requireInTeam(db, caller, id);
  const { members, total } = await selectSubtree(db, caller.siteCode, id, limit);
  return {
    members: members.map((m) => ({ ...treeNode(m), parentId: m.parentId ?? id })),
    total,
    truncated: total > members.length,
  };
}
