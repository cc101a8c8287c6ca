import type { ProductAction, ProductCategory } from '@portal/contract';
import {
  applicationApplicants,
  applicationStageHistory,
  applications,
  serviceRecords,
} from '../schema/index.js';
import { insertInSlices, insertReturningIds } from './bulk.js';
import { FOLLOWUP_TYPES } from './catalog-data.js';
import {
  DEMO_ANCHOR_DATE,
  type DemoContext,
  type DemoPolicy,
  INVESTMENT_CATEGORIES,
} from './demo-context.js';
import { fromUsd, premiumDueDates } from './demo-premiums.js';
import { GIVEN_NAMES } from './names.js';
import { addDays, Random } from './random.js';
import { type StageTimeline, siteStage, stageTimeline } from './stage-timeline.js';

interface ApplicationPlan {
  row: typeof applications.$inferInsert;
  ownerName: string;
  history: StageTimeline['history'];
}

function stageFor(policy: DemoPolicy, rng: Random): number {
  if (policy.statusCode === 'RCV') return rng.int(1, 2);
  if (policy.statusCode === 'AIP' || policy.statusCode === 'CFM') return rng.int(3, 5);
  if (policy.statusCode === 'CAN') return 8;
  return rng.chance(0.1) ? 6 : 7;
}

/** Premium mode of an application that has no plan yet: what its kind of product is usually paid by. */
export const PIPELINE_FREQUENCY: Record<ProductCategory, string> = {
  IN: 'A',
  IL: 'M',
  IR: 'A',
  FD: 'S',
  MPF: 'M',
  GI: 'A',
  PB: 'S',
  TU: 'S',
};

/**
 * Where a transfer-in comes from, by record type: another MPF scheme, another platform or bank, another adviser
 * (an insurance plan moved to this firm's servicing). Fictional, like the providers.
 */
const TRANSFER_SOURCES: Record<'MPF' | 'INVEST' | 'ADVICE', string[]> = {
  MPF: ['Sampan MPF Master Trust Scheme', 'Peak Provident MPF Scheme', 'Harbourfront MPF Plan'],
  INVEST: ['Lion Rock Securities Limited', 'Causeway Private Bank', 'Junk Bay Wealth Platform'],
  ADVICE: ['Victoria Peak Financial Planning', 'Tsim Sha Tsui Advisers Limited'],
};

/** The source and amount of a transfer-in application (null for every other action). */
export function transferDetails(
  actionType: string,
  category: ProductCategory,
  currency: string,
  rng: Random,
): { transferFrom: string | null; transferAmount: string | null } {
  if (actionType !== 'TI') return { transferFrom: null, transferAmount: null };
  const kind = category === 'MPF' ? 'MPF' : INVESTMENT_CATEGORIES.includes(category) ? 'INVEST' : 'ADVICE';
  return {
    transferFrom: rng.pick(TRANSFER_SOURCES[kind]),
    transferAmount: Math.round(fromUsd(rng.int(5_000, 300_000), currency)).toFixed(2),
  };
}

/** New business: one application behind every plan, plus in-progress ones in the afs partner team. */
export async function insertApplications(ctx: DemoContext): Promise<void> {
  const rng = new Random(404);
  // Transfer details draw from their own stream, so the applications' other figures stay as they were.
  const transferRng = new Random(406);
  const plans: ApplicationPlan[] = [];
  const producerId = (code: string) => ctx.org.producerIds.get(code) ?? 0;
  const action = (): ProductAction => rng.pick<ProductAction>(['NB', 'NB', 'NB', 'NB', 'PI', 'TI', 'AM']);
  for (const client of ctx.clients) {
    for (const p of client.policies) {
      const stage = siteStage(p.site, stageFor(p, rng));
      const drawnReceived = addDays(p.commenceDate, -rng.int(15, 60));
      const actionType = action();
      // Drawn in the order the figures were always drawn, so the demo's other figures stay as they were.
      const modalPremium = p.modalPremium ?? rng.decimal(10_000, 200_000);
      const sentAfterDays = rng.int(1, 7);
      const hasRiders = p.category === 'IN' && rng.chance(0.4);
      const timeline = stageTimeline({
        site: p.site,
        final: stage,
        receivedDate: drawnReceived,
        sentAfterDays,
        stepDays: 4,
        notAfter: DEMO_ANCHOR_DATE,
      });
      plans.push({
        ownerName: client.fullName,
        history: timeline.history,
        row: {
          siteCode: p.site,
          category: p.category,
          productId: p.productId,
          actionType,
          ...transferDetails(actionType, p.category, p.currency, transferRng),
          paymentFrequency: p.paymentFrequency,
          policyNo: stage >= 3 ? p.planNo : null,
          policyId: stage >= 6 && stage !== 8 ? p.id : null,
          clientId: client.id,
          insuredName: p.insuredName,
          modalPremium,
          currency: p.currency,
          commenceDate: stage >= 5 ? p.commenceDate : null,
          receivedDate: timeline.receivedDate,
          sentDate: timeline.sentDate,
          stage,
          producerId: producerId(p.producerCode),
          hasRiders,
        },
      });
    }
  }
  // Open pipeline on afs: every stage, recent received dates, not yet a plan.
  const teamClients = ctx.clients.filter((c) => c.site === 'afs' && c.producerCode.startsWith('A1'));
  const categories = ['IN', 'IL', 'FD', 'MPF', 'GI', 'PB', 'TU'] as const;
  for (let i = 0; i < 48; i++) {
    const client = teamClients[i % teamClients.length];
    if (!client) break;
    const category = categories[i % categories.length] ?? 'IN';
    const product = rng.pick(ctx.catalog.productsByCategory.get(category) ?? []);
    const stage = siteStage('afs', (i % 8) + 1);
    const timeline = stageTimeline({
      site: 'afs',
      final: stage,
      receivedDate: rng.dateBetween('2026-01-05', DEMO_ANCHOR_DATE),
      sentAfterDays: 3,
      stepDays: 4,
      notAfter: DEMO_ANCHOR_DATE,
    });
    const received = timeline.receivedDate;
    const actionType = action();
    const row: typeof applications.$inferInsert = {
      siteCode: 'afs',
      category,
      productId: product.id,
      actionType,
      paymentFrequency: PIPELINE_FREQUENCY[category],
      policyNo: stage >= 3 && stage !== 8 ? `${product.providerCode}9${String(i).padStart(6, '0')}` : null,
      clientId: client.id,
      insuredName: client.fullName,
      modalPremium: rng.decimal(500, 50_000),
      currency: rng.pick(['USD', 'HKD', 'EUR', 'GBP']),
      commenceDate: stage >= 5 && stage !== 8 ? addDays(received, 30) : null,
      receivedDate: received,
      sentDate: timeline.sentDate,
      stage,
      producerId: producerId(client.producerCode),
      hasRiders: category === 'IN' && i % 3 === 0,
    };
    const transfer = transferDetails(actionType, category, row.currency, transferRng);
    plans.push({ ownerName: client.fullName, history: timeline.history, row: { ...row, ...transfer } });
  }

  const ids = await insertReturningIds(
    ctx.tx,
    applications,
    plans.map((p) => p.row),
    500,
  );
  const applicants: (typeof applicationApplicants.$inferInsert)[] = [];
  const history: (typeof applicationStageHistory.$inferInsert)[] = [];
  plans.forEach((plan, i) => {
    const applicationId = ids[i] ?? 0;
    const count = i % 11 === 0 ? 5 : rng.int(1, 3);
    for (let position = 1; position <= count; position++) {
      applicants.push({
        applicationId,
        position,
        givenName:
          position === 1
            ? plan.ownerName.split(' ').slice(0, -1).join(' ') || plan.ownerName
            : rng.pick(GIVEN_NAMES),
        surname: plan.ownerName.split(' ').at(-1) ?? null,
        // The proposer (position 1) signs the application: an adult; co-applicants at least 18 at the anchor date too.
        birthOn: rng.dateBetween('1950-01-01', position === 1 ? '1998-12-31' : '2007-12-31'),
      });
    }
    for (const entry of plan.history) {
      history.push({
        applicationId,
        stage: entry.stage,
        changedAt: new Date(`${entry.enteredOn}T09:00:00Z`),
        note: entry.stage === 8 ? 'Cancelled at client request' : null,
      });
    }
  });
  await insertInSlices(ctx.tx, applicationApplicants, applicants);
  await insertInSlices(ctx.tx, applicationStageHistory, history);
}

/**
 * The premium a missing premium (6) or renewal (7) follow-up is about: a missing premium is the plan's last premium
 * due on or before the day the follow-up was opened, a renewal the next one after it; the amount is the plan's modal
 * premium. Single-premium plans have no premium due; other follow-up types carry none.
 */
function premiumFollowup(policy: DemoPolicy, typeId: number, created: string) {
  const dates =
    typeId === 6 || typeId === 7
      ? premiumDueDates(policy.commenceDate, created, policy.paymentFrequency)
      : null;
  if (!dates) return { dueDate: null, amountDue: null };
  return { dueDate: typeId === 6 ? dates.last : dates.next, amountDue: policy.modalPremium };
}

const SUBJECTS: Record<number, string> = Object.fromEntries(FOLLOWUP_TYPES.map((t) => [t.id, t.name]));

/** Follow-ups on plans: open and closed, every type, with 6 (missing premium) and 7 (renewal) well represented. */
export async function insertServiceRecords(ctx: DemoContext): Promise<void> {
  const rng = new Random(505);
  const rows: (typeof serviceRecords.$inferInsert)[] = [];
  let serial = 100001;
  const all = ctx.clients.flatMap((c) => c.policies);
  const afsTeam = all.filter((p) => p.site === 'afs' && p.producerCode.startsWith('A1'));
  const pool = [...afsTeam, ...afsTeam, ...all];
  for (let i = 0; i < 170 && i < pool.length; i++) {
    const policy = pool[(i * 7) % pool.length] as DemoPolicy;
    const typeId = i % 5 === 0 ? 6 : i % 5 === 1 ? 7 : (i % FOLLOWUP_TYPES.length) + 1;
    const status = rng.chance(0.45) ? 'O' : 'C';
    const created = rng.dateBetween('2025-07-01', DEMO_ANCHOR_DATE);
    const premium = premiumFollowup(policy, typeId, created);
    rows.push({
      siteCode: policy.site,
      uniqueId: `SR${policy.site.toUpperCase()}${serial++}`,
      category: policy.category,
      policyId: policy.id,
      typeId,
      status,
      createdDate: created,
      completedDate: status === 'C' ? addDays(created, rng.int(0, 45)) : null,
      producerId: ctx.org.producerIds.get(policy.producerCode) ?? 0,
      subject: `${SUBJECTS[typeId] ?? 'Follow-up'} – ${policy.planNo}`,
      details:
        typeId === 6
          ? `Premium ${premium.amountDue ? `of ${policy.currency} ${premium.amountDue} ` : ''}due ${premium.dueDate ?? created} not received. Client reminded by phone.`
          : `Request logged for plan ${policy.planNo}.`,
      ...premium,
    });
  }
  // partner2's team (A2001) also has follow-ups, so "another team's record" can be asked for and refused.
  const otherTeam = all.filter((p) => p.site === 'afs' && p.producerCode === 'A2001').slice(0, 3);
  for (const [i, policy] of otherTeam.entries()) {
    const created = addDays('2026-05-04', i * 9);
    rows.push({
      siteCode: policy.site,
      uniqueId: `SR${policy.site.toUpperCase()}${serial++}`,
      category: policy.category,
      policyId: policy.id,
      typeId: i === 0 ? 7 : 1,
      ...premiumFollowup(policy, i === 0 ? 7 : 1, created),
      status: i === 2 ? 'C' : 'O',
      createdDate: created,
      completedDate: i === 2 ? addDays(created, 5) : null,
      producerId: ctx.org.producerIds.get(policy.producerCode) ?? 0,
      subject: `${SUBJECTS[i === 0 ? 7 : 1] ?? 'Follow-up'} – ${policy.planNo}`,
      details: `Request logged for plan ${policy.planNo}.`,
    });
  }
  await insertInSlices(ctx.tx, serviceRecords, rows);
}
