import type { ProductCategory, SiteCode } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { convertAtRate, quotedCrossRate, unitsValue } from '../../render/decimal.js';
import type { Db } from '../client.js';
import {
  applications,
  clients,
  funds,
  holdings,
  policies,
  policyItems,
  producers,
  products,
  serviceRecords,
} from '../schema/index.js';
import { insertInSlices, insertReturningIds } from './bulk.js';
import { FX_TO_USD } from './catalog-data.js';
import { ensureDemoData } from './demo.js';
import { premiumDueDates, premiumsDue } from './demo-premiums.js';
import { GIVEN_NAMES, SURNAMES } from './names.js';
import { addDays, Random } from './random.js';
import { backfillReportFacts } from './report-facts.js';
import { statusChangedOn } from './status-dates.js';

export const POLICIES_PER_SCALE_UNIT = 10_000;
const CLIENTS_PER_CHUNK = 1_000;
const INVESTMENT: readonly ProductCategory[] = ['IL', 'FD', 'MPF', 'PB'];
const STATUSES: Record<ProductCategory, string[]> = {
  IL: ['INF', 'INF', 'INF', 'LAP', 'SUR'],
  IN: ['INF', 'INF', 'ACT', 'LAP', 'MAT'],
  IR: ['INF', 'TER'],
  FD: ['OPN', 'OPN', 'COD'],
  MPF: ['OPN', 'TOT'],
  GI: ['INF', 'TER'],
  PB: ['OPN', 'COD'],
  TU: ['ACT', 'OPN'],
};

export interface ScaleOptions {
  /** Multiples of 10 000 policies. */
  scale: number;
  /** Rows per multi-row INSERT. */
  batchSize?: number;
  /** Policies per scale unit; tests shrink it. */
  policiesPerUnit?: number;
  log?: (line: string) => void;
}

export interface ScaleReport {
  rows: Record<string, number>;
  totalRows: number;
  seconds: number;
  rowsPerSecond: number;
}

interface Team {
  site: SiteCode;
  /** Consultants and sub-partners who service clients. */
  memberIds: number[];
}

/** Ten teams per unit, each a partner, three sub-partners and four consultants under each sub-partner. */
async function insertTeams(
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
async function insertHeads(
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

/**
 * Adds scale × 10 000 policies (with their clients, applications, service records and holdings) under freshly
 * generated producer teams. Rows are produced and inserted one chunk of clients at a time, so memory stays flat
 * whatever the scale. Runs can be repeated: every run numbers its rows after the existing ones.
 */
export async function generateScaleData(db: Db, options: ScaleOptions): Promise<ScaleReport> {
  const log = options.log ?? (() => {});
  const batch = options.batchSize ?? 1000;
  const perUnit = options.policiesPerUnit ?? POLICIES_PER_SCALE_UNIT;
  await ensureDemoData(db);
  const started = performance.now();
  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => {
    rows[table] = (rows[table] ?? 0) + n;
  };

  const productRows = await db
    .select({ id: products.id, category: products.category, name: products.name })
    .from(products);
  const fundRows = await db
    .select({ id: funds.id, code: funds.code, name: funds.name, currency: funds.currency })
    .from(funds);
  const meta = (await db.execute(sql`
    select (select count(*) from producers where code ~ '^G[0-9]+U0T0P$')::int + 1 as run,
           greatest(20000000, coalesce((select max(substring(client_no from 3)::int) from clients), 0) + 1)::int as next_client`)) as unknown as {
    rows: { run: number; next_client: number }[];
  };
  const run = Number(meta.rows[0]?.run ?? 1);
  let nextClient = Number(meta.rows[0]?.next_client ?? 20000000);
  let planSerial = 0;
  const rng = new Random(9000 + run);
  // Status dates draw from their own stream so the rest of the generated data stays as it was.
  const statusRng = new Random(19000 + run);
  const nonRider = productRows.filter((p) => p.category !== 'IR');
  const productNames = new Map(productRows.map((p) => [p.id, p.name]));

  const heads = await insertHeads(db, run, rows);
  for (let unit = 0; unit < options.scale; unit++) {
    const teams = await insertTeams(db, run, unit, heads, rows);
    let policiesLeft = perUnit;
    while (policiesLeft > 0) {
      const clientRows: (typeof clients.$inferInsert)[] = [];
      const owners: { site: SiteCode; producerId: number; name: string }[] = [];
      for (let i = 0; i < CLIENTS_PER_CHUNK && policiesLeft - i * 2.5 > 0; i++) {
        const team = rng.pick(teams);
        const surname = rng.pick(SURNAMES);
        const givenName = rng.pick(GIVEN_NAMES);
        const producerId = rng.pick(team.memberIds);
        clientRows.push({
          siteCode: team.site,
          clientNo: `AG${nextClient++}`,
          idType: 'ID',
          idNumber: `G${nextClient}`,
          surname,
          givenName,
          birthDate: rng.dateBetween('1945-01-01', '2004-12-31'),
          emails: [`c${nextClient}@example.com`],
          phones: [`+852 9${rng.int(1000000, 9999999)}`],
          // Derived, not drawn: the random stream (and every figure after it) stays as it was.
          residentialAddress: [
            `Flat ${(nextClient % 40) + 1}A, ${(nextClient % 300) + 1} Nathan Road`,
            'Hong Kong',
          ],
          servicingProducerId: producerId,
        });
        owners.push({ site: team.site, producerId, name: `${givenName} ${surname}` });
      }
      const clientIds = await insertReturningIds(db, clients, clientRows, batch);
      count('clients', clientIds.length);

      const policyRows: (typeof policies.$inferInsert)[] = [];
      owners.forEach((owner, i) => {
        const plans = Math.min(policiesLeft, rng.int(1, 4));
        policiesLeft -= plans;
        for (let k = 0; k < plans; k++) {
          const product = rng.pick(nonRider);
          const category = product.category as ProductCategory;
          const currency = rng.pick(['USD', 'HKD', 'USD', 'EUR', 'GBP']);
          const commenceDate = rng.dateBetween('2010-01-01', '2026-06-30');
          const paymentFrequency = rng.pick(['M', 'A', 'S']);
          const single = paymentFrequency === 'S';
          const modalPremium = rng.decimal(100, 10_000);
          const statusCode = rng.pick(STATUSES[category]);
          policyRows.push({
            siteCode: owner.site,
            planNo: `Z${run}-${++planSerial}`,
            productId: product.id,
            category,
            statusCode,
            statusChangedOn: statusChangedOn(statusCode, commenceDate, '2026-06-30', statusRng),
            ownerClientId: clientIds[i] ?? 0,
            insuredClientId: clientIds[i] ?? 0,
            insuredName: owner.name,
            servicingProducerId: owner.producerId,
            commenceDate,
            paymentFrequency,
            currency,
            valuationCurrency: currency,
            modalPremium: single ? null : modalPremium,
            // The same rule as the demo set: modal premium × premiums due since commencement.
            totalPremiumPaid: single
              ? modalPremium
              : (
                  Number(modalPremium) * premiumsDue(commenceDate, '2026-06-30', paymentFrequency, null)
                ).toFixed(2),
          });
        }
      });
      const policyIds = await insertReturningIds(db, policies, policyRows, batch);
      count('policies', policyIds.length);

      const appRows: (typeof applications.$inferInsert)[] = [];
      const srRows: (typeof serviceRecords.$inferInsert)[] = [];
      const holdingRows: (typeof holdings.$inferInsert)[] = [];
      const itemRows: (typeof policyItems.$inferInsert)[] = [];
      policyRows.forEach((p, i) => {
        const policyId = policyIds[i] ?? 0;
        const stage = rng.chance(0.8) ? 7 : rng.int(1, 8);
        const received = addDays(p.commenceDate ?? '2020-01-01', -rng.int(10, 60));
        // Every tenth a transfer-in, and a sent date once at the provider: the facts reports 3–5 read (no draws
        // from rng, so the generated figures stay those of earlier runs).
        const transferIn = i % 10 === 0;
        appRows.push({
          siteCode: p.siteCode,
          category: p.category,
          productId: p.productId,
          actionType: transferIn ? 'TI' : 'NB',
          transferFrom: transferIn ? 'Previous provider (generated)' : null,
          transferAmount: transferIn ? p.totalPremiumPaid : null,
          paymentFrequency: p.paymentFrequency,
          policyNo: stage >= 3 ? p.planNo : null,
          policyId: stage === 7 ? policyId : null,
          clientId: p.ownerClientId,
          insuredName: p.insuredName,
          modalPremium: p.modalPremium,
          currency: p.currency,
          commenceDate: p.commenceDate,
          receivedDate: received,
          // Sent to the provider three days after receipt once it got that far (date basis APPLSENT of the reports).
          sentDate: stage >= 3 ? addDays(received, 3) : null,
          stage,
          producerId: p.servicingProducerId,
        });
        if (i % 2 === 0) {
          const created = rng.dateBetween('2023-01-01', '2026-06-30');
          const closed = rng.chance(0.6);
          const typeId = rng.int(1, 10);
          // Missing premium (6) and renewal (7) carry the premium due, as in the demo set (demo-business.ts).
          const due =
            typeId === 6 || typeId === 7
              ? premiumDueDates(p.commenceDate ?? created, created, p.paymentFrequency)
              : null;
          srRows.push({
            siteCode: p.siteCode,
            uniqueId: `SRG${run}-${policyId}`,
            category: p.category,
            policyId,
            typeId,
            dueDate: due ? (typeId === 6 ? due.last : due.next) : null,
            amountDue: due ? p.modalPremium : null,
            status: closed ? 'C' : 'O',
            createdDate: created,
            completedDate: closed ? addDays(created, rng.int(0, 60)) : null,
            producerId: p.servicingProducerId,
            subject: `Follow-up on ${p.planNo}`,
          });
        }
        if (p.category === 'IN' || p.category === 'IL') {
          // The basic plan's coverage line (policy item details, report 11); sum insured derived, not drawn.
          itemRows.push({
            policyId,
            policyType: 'BASIC',
            productId: p.productId,
            productName: productNames.get(p.productId) ?? '',
            commenceDate: p.commenceDate,
            sumInsured: p.modalPremium ? (Number(p.modalPremium) * 100).toFixed(2) : null,
            modalPremium: p.modalPremium,
          });
        }
        if (INVESTMENT.includes(p.category as ProductCategory)) {
          for (let h = 0; h < 3; h++) {
            const fund = rng.pick(fundRows);
            const units = rng.decimal(10, 5_000, 4);
            const price = rng.decimal(1, 100, 4);
            const value = unitsValue(units, price);
            // Valued in the plan's currency at the quoted reference rate (decision 011), like the demo set.
            const exchangeRate = quotedCrossRate(
              (FX_TO_USD[fund.currency] ?? 1).toFixed(8),
              (FX_TO_USD[p.currency] ?? 1).toFixed(8),
            );
            holdingRows.push({
              policyId,
              holdingType: 'fund',
              unitType: 'A',
              fundId: fund.id,
              code: fund.code,
              description: fund.name,
              currency: fund.currency,
              unitHeld: units,
              price,
              valueOn: '2026-06-30',
              value,
              valuationValue: convertAtRate(value, exchangeRate),
              exchangeRate,
            });
          }
        }
      });
      await insertInSlices(db, applications, appRows, batch);
      await insertInSlices(db, serviceRecords, srRows, batch);
      await insertInSlices(db, holdings, holdingRows, batch);
      await insertInSlices(db, policyItems, itemRows, batch);
      count('applications', appRows.length);
      count('service_records', srRows.length);
      count('holdings', holdingRows.length);
      count('policy_items', itemRows.length);
      const total = Object.values(rows).reduce((a, b) => a + b, 0);
      log(`unit ${unit + 1}/${options.scale}: ${perUnit - policiesLeft} policies, ${total} rows so far`);
    }
  }
  // Cards, BV factors and training for the generated plans and producers, derived in SQL from what was inserted.
  const facts = await backfillReportFacts(db);
  count('payment_cards', facts.paymentCards);
  count('bv_factors', facts.bvFactors);
  count('producer_trainings', facts.trainings);
  log(`report facts: ${JSON.stringify(facts)}`);
  const seconds = (performance.now() - started) / 1000;
  const totalRows = Object.values(rows).reduce((a, b) => a + b, 0);
  // Fresh statistics before anyone queries: right after the 1M preset the planner, still believing the tables
  // nearly empty, ran /b2c/plans 12× slower until ANALYZE (issue 12). Not counted in the load's rows per second.
  const analyzeStarted = performance.now();
  await db.execute(sql`analyze`);
  log(`analyze: ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s`);
  return { rows, totalRows, seconds, rowsPerSecond: Math.round(totalRows / seconds) };
}
