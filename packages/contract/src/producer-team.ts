import { z } from 'zod';
import { booleanCriterion, idSchema, strictInt } from './lists/criteria.js';
import { safeText } from './text.js';

/*
 * The producer's team (the tree's nodes, GET /b2b/get_tree_node, GET /b2b/profile/{producerId}) and
 * the team search. docs/producer/team-and-profile.md explains the shapes.
 */

/** At most this many children in one get_tree_node answer; the rest come with `offset` (a "more" node says so). */
export const TREE_CHILDREN_PAGE = 200;
/** Expand-all loads at most this many team members in one request (GET /b2b/team/subtree). */
export const TREE_SUBTREE_LIMIT = 500;
/** The team search answers at most this many matches. */
export const TEAM_SEARCH_LIMIT = 30;

/**
 * GET /b2b/get_tree_node: `load_parent=true` answers the root (the caller, or `root_producer_id` when it is in the
 * caller's team); `load_parent=false` answers the children of `id`. jsTree sends `id=#` for its root: accepted
 * and ignored when load_parent is true.
 */
export const treeNodeQuerySchema = z
  .object({
    load_parent: booleanCriterion.default(false),
    root_producer_id: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
    id: z.preprocess((v) => (v === '' || v === '#' ? undefined : v), idSchema.optional()),
    offset: strictInt(0, 1_000_000).default(0),
  })
  .superRefine((value, ctx) => {
    if (!value.load_parent && value.id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'required' });
    }
  });
export type TreeNodeQuery = z.infer<typeof treeNodeQuerySchema>;

/**
 * One producer in the tree. Works as it is for a jsTree client (`id`, `text`, `children: true` = "has children,
 * load them when opened", `li_attr` = the classic name/fullname attributes) and carries typed fields for ours.
 */
export const producerTreeNodeSchema = z.object({
  kind: z.literal('producer'),
  id: z.number().int(),
  /** Display text: "Name (CODE)". */
  text: z.string(),
  /** Whether the producer has sub-partners (jsTree lazy-loads a node whose `children` is true). */
  children: z.boolean(),
  childCount: z.number().int().nonnegative(),
  code: z.string(),
  name: z.string(),
  fullName: z.string(),
  title: z.string(),
  li_attr: z.object({ name: z.string(), fullname: z.string() }),
});
export type ProducerTreeNode = z.infer<typeof producerTreeNodeSchema>;

/**
 * Stands for the children left out of a capped answer: a disabled leaf for a jsTree client ("1,234 more…"), and
 * for ours the offset to ask for next.
 */
export const moreTreeNodeSchema = z.object({
  kind: z.literal('more'),
  id: z.string(),
  text: z.string(),
  children: z.literal(false),
  parentId: z.number().int(),
  remaining: z.number().int().positive(),
  nextOffset: z.number().int().positive(),
  state: z.object({ disabled: z.literal(true) }),
});
export type MoreTreeNode = z.infer<typeof moreTreeNodeSchema>;

export const treeNodeSchema = z.discriminatedUnion('kind', [producerTreeNodeSchema, moreTreeNodeSchema]);
export type TreeNode = z.infer<typeof treeNodeSchema>;
export const treeNodesResponseSchema = z.array(treeNodeSchema);

/** GET /b2b/team/subtree?id=: the members below `id`, breadth first (depth, then name), at most `limit`. */
export const subtreeQuerySchema = z.object({
  id: idSchema,
  limit: strictInt(1, TREE_SUBTREE_LIMIT).default(TREE_SUBTREE_LIMIT),
});
export const subtreeMemberSchema = producerTreeNodeSchema.extend({ parentId: z.number().int() });
export type SubtreeMember = z.infer<typeof subtreeMemberSchema>;
export const subtreeResponseSchema = z.object({
  members: z.array(subtreeMemberSchema),
  /** How many members the subtree has below `id`; more than `members.length` when the answer was capped. */
  total: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
export type SubtreeResponse = z.infer<typeof subtreeResponseSchema>;

/** GET /b2b/team/search?q=: name or Advisor Code, case-insensitive, 1–50 characters. */
export const teamSearchQuerySchema = z.object({ q: safeText().trim().min(1).max(50) });
export const teamSearchHitSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  fullName: z.string(),
  title: z.string(),
  childCount: z.number().int().nonnegative(),
  /** From the caller down to the hit's parent (empty for the caller). */
  path: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TeamSearchHit = z.infer<typeof teamSearchHitSchema>;
export const teamSearchResponseSchema = z.object({
  items: z.array(teamSearchHitSchema),
  /** True when more producers matched than were returned (TEAM_SEARCH_LIMIT). */
  truncated: z.boolean(),
});
export type TeamSearchResponse = z.infer<typeof teamSearchResponseSchema>;

/** GET /b2b/profile/{producerId}. */
export const producerIdParamsSchema = z.object({ producerId: idSchema });
export const producerProfileSchema = z.object({
  name: z.string(),
  code: z.string(),
  opEmail: z.array(z.string()),
  acEmail: z.array(z.string()),
  contractAddress: z.array(z.string()),
  corrAddress: z.array(z.string()),
  /** Not in the original shape; shown above the details. */
  fullName: z.string(),
  title: z.string(),
});
export type ProducerProfile = z.infer<typeof producerProfileSchema>;
