import type { SiteCode } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One producer as the tree and the search show it. */
export interface TeamMemberRow {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  fullName: string;
  title: string;
  childCount: number;
}

/** Columns of a TeamMemberRow from `producers p`; the child count is one probe of producers_parent_idx per row. */
const MEMBER_COLUMNS = sql`p.id, p.parent_id as "parentId", p.code, p.name, p.full_name as "fullName", p.title,
  (select count(*) from producers c where c.parent_id = p.id)::int as "childCount"`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }` (drizzle's `db.execute()` on PGlite and node-postgres alike); the generic
  // handle types the result as unknown.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Both drivers answer bigint columns of a raw query as strings; the ids fit a double (idSchema bounds them). */
async function memberRows(db: Db, query: SQL): Promise<TeamMemberRow[]> {
  const found = await rows<TeamMemberRow>(db, query);
  return found.map((r) => ({
    ...r,
    id: Number(r.id),
    parentId: r.parentId === null ? null : Number(r.parentId),
    childCount: Number(r.childCount),
  }));
}

/** Ordered by name (case-insensitive), id as the tie-breaker so paging with an offset is stable. */
const BY_NAME = sql`lower(p.name), p.id`;

export async function selectMember(
  db: Db,
  siteCode: SiteCode,
  id: number,
): Promise<TeamMemberRow | undefined> {
  const [row] = await memberRows(
    db,
    sql`select ${MEMBER_COLUMNS} from producers p where p.id = ${id} and p.site_code = ${siteCode}`,
  );
  return row;
}

/** One page of a producer's direct children (producers_parent_idx), by name. */
export async function selectChildren(
  db: Db,
  siteCode: SiteCode,
  parentId: number,
  page: { offset: number; limit: number },
): Promise<TeamMemberRow[]> {
  return memberRows(
    db,
    sql`select ${MEMBER_COLUMNS} from producers p
        where p.parent_id = ${parentId} and p.site_code = ${siteCode}
        order by ${BY_NAME} limit ${page.limit} offset ${page.offset}`,
  );
}

/**
 * The members below `ancestorId`, breadth first: every member of one level comes before any of the next, so each
 * member's parent is either `ancestorId` or earlier in the answer, however the limit cuts it.
 */
export async function selectSubtree(
  db: Db,
  siteCode: SiteCode,
  ancestorId: number,
  limit: number,
): Promise<{ members: TeamMemberRow[]; total: number }> {
  const [members, [counted]] = await Promise.all([
    memberRows(
      db,
      sql`select ${MEMBER_COLUMNS} from producer_tree t join producers p on p.id = t.descendant_id
          where t.ancestor_id = ${ancestorId} and t.depth > 0 and p.site_code = ${siteCode}
          order by t.depth, ${BY_NAME} limit ${limit}`,
    ),
    rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from producer_tree t
          where t.ancestor_id = ${ancestorId} and t.depth > 0`,
    ),
  ]);
  return { members, total: Number(counted?.total ?? 0) };
}

/** `%`, `_` and `\` typed by a person are letters, not wildcards. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Producers of the caller's subtree (the caller included) whose name or Advisor Code contains `q`, ignoring case.
 * The trigram indexes on name and code serve the match from three characters up; the closure table's primary key
 * keeps it inside the subtree. An exact code first, then names that start with `q`, then by name.
 */
export async function searchSubtree(
  db: Db,
  siteCode: SiteCode,
  callerId: number,
  q: string,
  limit: number,
): Promise<TeamMemberRow[]> {
  const contains = `%${likeEscape(q)}%`;
  const prefix = `${likeEscape(q)}%`;
  return memberRows(
    db,
    sql`select ${MEMBER_COLUMNS} from producers p
        join producer_tree t on t.descendant_id = p.id and t.ancestor_id = ${callerId}
        where p.site_code = ${siteCode} and (p.name ilike ${contains} or p.code ilike ${contains})
        order by (upper(p.code) = upper(${q})) desc, (p.name ilike ${prefix}) desc, ${BY_NAME}
        limit ${limit}`,
  );
}

/**
 * For each producer in `ids`, its ancestors from the caller down to its parent (the caller's own ancestors, the
 * upline, are never named).
 */
export async function selectPaths(
  db: Db,
  callerId: number,
  ids: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const paths = new Map<number, { id: number; name: string }[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return paths;
  const found = await rows<{ hitId: number; id: number; name: string }>(
    db,
    sql`select a.descendant_id as "hitId", p.id, p.name from producer_tree a
        join producer_tree c on c.ancestor_id = ${callerId} and c.descendant_id = a.ancestor_id
        join producers p on p.id = a.ancestor_id
        where a.descendant_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and a.depth > 0
        order by a.descendant_id, a.depth desc`,
  );
  for (const row of found) paths.get(Number(row.hitId))?.push({ id: Number(row.id), name: row.name });
  return paths;
}

export interface ProfileRow {
  name: string;
  fullName: string;
  code: string;
  title: string;
  opEmails: string[];
  acEmails: string[];
  contractAddress: string[];
  correspondenceAddress: string[];
}

export async function selectProfile(db: Db, siteCode: SiteCode, id: number): Promise<ProfileRow | undefined> {
  const [row] = await rows<ProfileRow>(
    db,
    sql`select name, full_name as "fullName", code, title, op_emails as "opEmails", ac_emails as "acEmails",
          contract_address as "contractAddress", correspondence_address as "correspondenceAddress"
        from producers where id = ${id} and site_code = ${siteCode}`,
  );
  return row;
}
