import type { SiteCode } from '@portal/contract';
import { hashPassword } from '../../modules/auth/index.js';
import type { Db } from '../client.js';
import { producers, users } from '../schema/index.js';
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
    const memberIds = [...subs, ...consultants];
    const codes = [
      ...[0, 1, 2].map((s) => `${prefix}S${s}`),
      ...[0, 1, 2].flatMap((s) => [0, 1, 2, 3].map((c) => `${prefix}S${s}C${c}`)),
    ];
    teams.push({
      site,
      memberIds,
      memberNames: new Map(memberIds.map((id, i) => [id, person(codes[i] as string, null, '').name])),
    });
  }
  return teams;
}

/** Password of the generated heads' sign-in users (development databases only; docs/performance.md). */
export const SCALE_HEAD_PASSWORD = 'Scale1234';

/**
 * One head producer per site and run, above every generated partner of that site: the "top producer" whose whole
 * team holds most of a site's policies, the worst case the producer-list benchmarks measure (docs/performance.md).
 * With `signInUsers`, each head gets a producer user: login = its code (G1HAFS…), password SCALE_HEAD_PASSWORD, every
 * producer permission (commissions, BV and training reports).
 */
export async function insertHeads(
  db: Db,
  run: number,
  rows: Record<string, number>,
  signInUsers: boolean,
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
      hasBvReportPermission: true,
      hasTrainingHistoryReportPermission: true,
    })),
  );
  rows.producers = (rows.producers ?? 0) + ids.length;
  if (signInUsers) {
    // Development only (the generator's caller decides): anyone can sign in as the biggest team (docs/performance.md).
    const passwordHash = await hashPassword(SCALE_HEAD_PASSWORD);
    await db.insert(users).values(
      sites.map((site, i) => ({
        siteCode: site,
        kind: 'producer' as const,
        login: scaleHeadCode(run, site),
        passwordHash,
        status: 'active' as const,
        producerId: ids[i] as number,
      })),
    );
  }
  return Object.fromEntries(sites.map((site, i) => [site, ids[i] as number])) as Record<SiteCode, number>;
}

/** Producer code of a run's head on a site (G1HAFS…); the benchmarks sign in as it. */
export function scaleHeadCode(run: number, site: SiteCode): string {
  return `G${run}H${site.toUpperCase()}`;
}
