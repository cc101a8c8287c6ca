import type { ProductCategory, SiteCode } from '@portal/contract';
import { convertAtRate, quotedCrossRate, unitsValue } from '../../render/decimal.js';
import type {
  applications,
  clients,
  holdings,
  policies,
  policyItems,
  serviceRecords,
} from '../schema/index.js';
import { FX_TO_USD } from './catalog-data.js';
import { premiumDueDates, premiumsDue } from './demo-premiums.js';
import { GIVEN_NAMES, SURNAMES } from './names.js';
import { addDays, type Random } from './random.js';
import { NO_STATEMENT_STATUSES } from './scale-statements.js';
import { siteStage, stageTimeline } from './stage-timeline.js';
import { statusChangedOn } from './status-dates.js';

/*
 * The rows of one chunk of generated clients, built in memory with their ids already assigned (reserved from the
 * tables' sequences beforehand), so a chunk needs no round trip before the next one is built and its INSERTs can
 * run while Node builds the following chunk. The draws are those of the generator before its rewrite for speed, in the
 * same order: a scale and run number give the same clients, plans and figures as before.
 */

export const INVESTMENT: readonly ProductCategory[] = ['IL', 'FD', 'MPF', 'PB'];
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

export interface Team {
  site: SiteCode;
  /** Consultants and sub-partners who service clients. */
  memberIds: number[];
  /** Their names (producers.name), which the list rows copy (decision 039). */
  memberNames: Map<number, string>;
}

/**
 * The keyword search document of a list row, as the database function list_search_text writes it (migration
 * 0022): the texts that are there, joined by the unit separator. The generator loads with triggers off, so it
 * writes the list rows' copies itself; scale.test.ts checks them against the triggers' values.
 */
export function listSearchText(...parts: (string | null | undefined)[]): string {
  return parts.filter((part): part is string => part !== null && part !== undefined).join('\u001f');
}

export interface GeneratorState {
  run: number;
  rng: Random;
  /** Status dates draw from their own stream so the rest of the generated data stays as it was. */
  statusRng: Random;
  nextClient: number;
  planSerial: number;
  nonRider: { id: number; category: string }[];
  productNames: Map<number, string>;
  fundRows: { id: number; code: string; name: string; currency: string }[];
}

export interface ChunkRows {
  clients: (typeof clients.$inferInsert)[];
  policies: (typeof policies.$inferInsert)[];
  applications: (typeof applications.$inferInsert)[];
  serviceRecords: (typeof serviceRecords.$inferInsert)[];
  holdings: (typeof holdings.$inferInsert)[];
  policyItems: (typeof policyItems.$inferInsert)[];
}

export const emptyChunk = (): ChunkRows => ({
  clients: [],
  policies: [],
  applications: [],
  serviceRecords: [],
  holdings: [],
  policyItems: [],
});

/** Hands out ids reserved in advance from a table's sequence (see IdReserve in scale.ts). */
export interface IdSource {
  take(): number;
}

/**
 * Up to `maxClients` clients with one to four plans each until `policiesLeft` runs out, appended to `into`.
 * Returns the number of plans generated.
 */
export function generateChunk(
  state: GeneratorState,
  teams: readonly Team[],
  ids: { clients: IdSource; policies: IdSource },
  maxClients: number,
  policiesLeft: number,
  into: ChunkRows,
): number {
  const { rng, run } = state;
  const owners: {
    id: number;
    site: SiteCode;
    producerId: number;
    name: string;
    clientNo: string;
    consultant: string;
  }[] = [];
  for (let i = 0; i < maxClients && policiesLeft - i * 2.5 > 0; i++) {
    const team = rng.pick(teams);
    const surname = rng.pick(SURNAMES);
    const givenName = rng.pick(GIVEN_NAMES);
    const producerId = rng.pick(team.memberIds);
    const id = ids.clients.take();
    const n = state.nextClient++;
    into.clients.push({
      id,
      siteCode: team.site,
      clientNo: `AG${n}`,
      idType: 'ID',
      idNumber: `G${n + 1}`,
      surname,
      givenName,
      birthDate: rng.dateBetween('1945-01-01', '2004-12-31'),
      emails: [`c${n + 1}@example.com`],
      phones: [`+852 9${rng.int(1000000, 9999999)}`],
      // Derived, not drawn: the random stream (and every figure after it) stays as it was.
      residentialAddress: [`Flat ${((n + 1) % 40) + 1}A, ${((n + 1) % 300) + 1} Nathan Road`, 'Hong Kong'],
      servicingProducerId: producerId,
    });
    owners.push({
      id,
      site: team.site,
      producerId,
      name: `${givenName} ${surname}`,
      clientNo: `AG${n}`,
      consultant: team.memberNames.get(producerId) ?? '',
    });
  }

  const firstPolicy = into.policies.length;
  let generated = 0;
  for (const owner of owners) {
    const plans = Math.min(policiesLeft - generated, rng.int(1, 4));
    generated += plans;
    for (let k = 0; k < plans; k++) {
      const product = rng.pick(state.nonRider);
      const category = product.category as ProductCategory;
      const currency = rng.pick(['USD', 'HKD', 'USD', 'EUR', 'GBP']);
      const commenceDate = rng.dateBetween('2010-01-01', '2026-06-30');
      const paymentFrequency = rng.pick(['M', 'A', 'S']);
      const single = paymentFrequency === 'S';
      const modalPremium = rng.decimal(100, 10_000);
      const statusCode = rng.pick(STATUSES[category]);
      const planNo = `Z${run}-${++state.planSerial}`;
      into.policies.push({
        id: ids.policies.take(),
        siteCode: owner.site,
        planNo,
        productId: product.id,
        category,
        statusCode,
        statusChangedOn: statusChangedOn(statusCode, commenceDate, '2026-06-30', state.statusRng),
        ownerClientId: owner.id,
        insuredClientId: owner.id,
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
          : (Number(modalPremium) * premiumsDue(commenceDate, '2026-06-30', paymentFrequency, null)).toFixed(
              2,
            ),
        // The list copies (migration 0023's values). The statements give a live investment plan a POLICY account
        // numbered as the plan (scale-statements.ts), so its number is known here.
        clientName: owner.name,
        productName: state.productNames.get(product.id) ?? '',
        consultantName: owner.consultant,
        accountNo:
          INVESTMENT.includes(category) && !NO_STATEMENT_STATUSES.includes(statusCode) ? planNo : null,
        searchText: listSearchText(planNo, owner.name, owner.clientNo),
      });
    }
  }

  for (let i = 0; firstPolicy + i < into.policies.length; i++) {
    const p = into.policies[firstPolicy + i] as typeof policies.$inferInsert;
    addPolicyDetails(state, p, i, into);
  }
  return generated;
}

/** Application, service record, coverage line and holdings of one plan; `i` is its index within the chunk. */
function addPolicyDetails(
  state: GeneratorState,
  p: typeof policies.$inferInsert,
  i: number,
  into: ChunkRows,
) {
  const { rng, run } = state;
  const policyId = p.id as number;
  // The owner's AG number (the plan's search document ends with it).
  const clientNo = (p.searchText ?? '').split('\u001f').at(-1) ?? '';
  // Only the stages the plan's site keeps (absg: 3, 7 and Other), as the demo set (stage-timeline.ts).
  const stage = siteStage(p.siteCode as SiteCode, rng.chance(0.8) ? 7 : rng.int(1, 8));
  const received = addDays(p.commenceDate ?? '2020-01-01', -rng.int(10, 60));
  // Every tenth a transfer-in, and a sent date once at the provider: the facts reports 3–5 read (no draws from
  // rng, so the generated figures stay those of earlier runs).
  const transferIn = i % 10 === 0;
  into.applications.push({
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
    sentDate: stageTimeline({
      site: p.siteCode as SiteCode,
      final: stage,
      receivedDate: received,
      sentAfterDays: 3,
      stepDays: 3,
    }).sentDate,
    stage,
    producerId: p.servicingProducerId,
    clientName: p.clientName,
    productName: p.productName,
    consultantName: p.consultantName,
    searchText: listSearchText(stage >= 3 ? p.planNo : null, p.insuredName, p.clientName, clientNo),
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
    into.serviceRecords.push({
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
      planNo: p.planNo,
      clientName: p.clientName,
      insuredName: p.insuredName,
      productName: p.productName,
      consultantName: p.consultantName,
      searchText: listSearchText(`SRG${run}-${policyId}`, p.planNo, p.insuredName, p.clientName, clientNo),
    });
  }
  if (p.category === 'IN' || p.category === 'IL') {
    // The basic plan's coverage line (policy item details, report 11); sum insured derived, not drawn.
    into.policyItems.push({
      policyId,
      policyType: 'BASIC',
      productId: p.productId,
      productName: state.productNames.get(p.productId) ?? '',
      commenceDate: p.commenceDate,
      sumInsured: p.modalPremium ? (Number(p.modalPremium) * 100).toFixed(2) : null,
      modalPremium: p.modalPremium,
    });
  }
  if (INVESTMENT.includes(p.category as ProductCategory)) {
    const held = new Set<number>();
    for (let h = 0; h < 3; h++) {
      // A plan holds a fund in one line (its history is keyed by fund code): a fund drawn again gives way to the
      // next one of the list, without another draw, so the rest of the random stream stays as it was.
      let at = state.fundRows.indexOf(rng.pick(state.fundRows));
      while (held.has(state.fundRows[at]?.id ?? -1)) at = (at + 1) % state.fundRows.length;
      const fund = state.fundRows[at] as (typeof state.fundRows)[number];
      held.add(fund.id);
      const units = rng.decimal(10, 5_000, 4);
      const price = rng.decimal(1, 100, 4);
      const value = unitsValue(units, price);
      // Valued in the plan's currency at the quoted reference rate (decision 011), like the demo set.
      const exchangeRate = quotedCrossRate(
        (FX_TO_USD[fund.currency] ?? 1).toFixed(8),
        (FX_TO_USD[p.currency] ?? 1).toFixed(8),
      );
      into.holdings.push({
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
}
