import type { SiteCode } from '@portal/contract';
import type { Db } from '../client.js';
import { producers } from '../schema/index.js';
import { insertReturningIds } from './bulk.js';
import type { Team } from './scale-rows.js';

/** Ten teams per unit, each a partner, three sub-partners and four consultants under each sub-partner. */
export async function insertTeams(
  db: Db,
  run: number,
  unit: number,
  heads: Record<SiteCode, number>,
  rows: Record<string, number>,
): Promise<Team[]> {
  const sitesCycle: SiteCode[] = ['afs', 'afs', 'afs', 'afs', 'afs', 'afs', 'ipc', 'ipc', 'absg', 'absg'];
  const teams: Team[] = [];
  for (const [t, site] of sitesCycle.entries()) {
    const prefix = `G${run}U${unit}T${t}`;
    const person = (code: string, parentId: number | null, title: string) => ({
      siteCode: site,
      code,
      name: `Gen ${code}`,
      fullName: `Generated ${title} ${code}`,
      parentId,
      title,
      hasCommissionPermission: title === 'Partner',
    });
    const [partner] = await insertReturningIds(db, producers, [person(`${prefix}P`, heads[site], 'Partner')]);
    const subs = await insertReturningIds(
      db,
      producers,
      [0, 1, 2].map((s) => person(`${prefix}S${s}`, partner ?? null, 'Sub-partner')),
    );
    const consultants = await insertReturningIds(
      db,
      producers,
      subs.flatMap((subId, s) => [0, 1, 2, 3].map((c) => person(`${prefix}S${s}C${c}`, subId, 'Consultant'))),
    );
    rows.producers = (rows.producers ?? 0) + 1 + subs.length + consultants.length;
    teams.push({ site, memberIds: [...subs, ...consultants] });
  }
  return teams;
}

/**
 * One head producer per site and run, above every generated partner of that site: the "top producer" whose whole
 * team holds most of a site's policies, the worst case the producer-list benchmarks measure (issue 9).
 */
export async function insertHeads(
  db: Db,
  run: number,
  rows: Record<string, number>,
): Promise<Record<SiteCode, number>> {
  const sites: SiteCode[] = ['afs', 'ipc', 'absg'];
  const ids = await insertReturningIds(
    db,
    producers,
    sites.map((site) => ({
      siteCode: site,
      code: scaleHeadCode(run, site),
      name: `Gen head ${run} ${site}`,
      fullName: `Generated Head ${run} ${site.toUpperCase()}`,
      parentId: null,
      title: 'Partner',
      hasCommissionPermission: true,
    })),
  );
  rows.producers = (rows.producers ?? 0) + ids.length;
  return Object.fromEntries(sites.map((site, i) => [site, ids[i] as number])) as Record<SiteCode, number>;
}

/** Producer code of a run's head on a site (G1HAFS…); the benchmarks sign in as it. */
export function scaleHeadCode(run: number, site: SiteCode): string {
  return `G${run}H${site.toUpperCase()}`;
}
