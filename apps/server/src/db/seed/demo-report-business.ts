import type { ProductCategory, SiteCode, Stage } from '@portal/contract';
import { applicationStageHistory, applications, clients } from '../schema/index.js';
import { insertInSlices, insertReturningIds } from './bulk.js';
import { PIPELINE_FREQUENCY, transferDetails } from './demo-business.js';
import { DEMO_ANCHOR_DATE, type DemoContext } from './demo-context.js';
import { fromUsd } from './demo-premiums.js';
import { GIVEN_NAMES, SURNAMES } from './names.js';
import { addDays, Random } from './random.js';
import { type StageTimeline, stageTimeline } from './stage-timeline.js';

/*
 * This year's new business for the producer reports (types 2–5): clients won this year with their first
 * application, and transfers-in of existing clients, in every demo producer's own book and team, so each demo
 * producer's reports over 2026 show rows of their own, and a sub-partner's show none of the partner's.
 */

/** Producers who won a new client this year (one entry per client). */
const NEW_CLIENT_PRODUCERS: { site: SiteCode; code: string }[] = [
  { site: 'afs', code: 'A1001' },
  { site: 'afs', code: 'A1001' },
  { site: 'afs', code: 'A1002' },
  { site: 'afs', code: 'A1004' },
  { site: 'afs', code: 'A1004' },
  { site: 'afs', code: 'A1005' },
  { site: 'afs', code: 'A1008' },
  { site: 'afs', code: 'A2001' },
  { site: 'ipc', code: 'I1001' },
  { site: 'ipc', code: 'I1002' },
  { site: 'ipc', code: 'I1004' },
  { site: 'absg', code: 'B1001' },
  { site: 'absg', code: 'B1002' },
];

/** Producers with a transfer-in of an existing client this year. */
const TRANSFER_IN_PRODUCERS = ['A1001', 'A1002', 'A1004', 'A1009', 'A2002', 'I1001', 'I1003'];

const NEW_CLIENT_CATEGORIES: ProductCategory[] = ['IN', 'IL', 'MPF', 'FD', 'GI'];
/** Stages drawn per site; absg keeps only stages 3, 7 and Other. */
const STAGES: Record<SiteCode, Stage[]> = { afs: [1, 3, 4, 5, 6, 7], ipc: [2, 3, 5, 7], absg: [3, 7] };
const CURRENCY: Partial<Record<ProductCategory, string>> = { MPF: 'HKD', GI: 'HKD', FD: 'USD' };

type ApplicationRow = typeof applications.$inferInsert;
type DatedApplication = { row: ApplicationRow; history: StageTimeline['history'] };

export async function insertReportBusiness(ctx: DemoContext): Promise<void> {
  const rng = new Random(707);
  const producerId = (code: string) => ctx.org.producerIds.get(code) ?? 0;
  const product = (category: ProductCategory) => rng.pick(ctx.catalog.productsByCategory.get(category) ?? []);

  /** One application of this year at `stage`, with the dates that stage has reached. */
  const application = (
    site: SiteCode,
    code: string,
    clientId: number,
    name: string,
    category: ProductCategory,
    stage: Stage,
    actionType: 'NB' | 'TI',
  ): DatedApplication => {
    const chosen = product(category);
    const drawnReceived = rng.dateBetween('2026-01-05', '2026-06-20');
    const currency = CURRENCY[category] ?? rng.pick(['HKD', 'USD']);
    const single = PIPELINE_FREQUENCY[category] === 'S';
    // Drawn in the order the figures were always drawn, so the demo's other figures stay as they were.
    const transfer = transferDetails(actionType, category, currency, rng);
    const policyNo = stage >= 3 && stage !== 8 ? `${chosen.providerCode}8${rng.int(100000, 999999)}` : null;
    const modalPremium =
      single && actionType === 'TI' ? null : Math.round(fromUsd(rng.int(150, 6_000), currency)).toFixed(2);
    const timeline = stageTimeline({
      site,
      final: stage,
      receivedDate: drawnReceived,
      sentAfterDays: stage >= 3 ? rng.int(1, 5) : 1,
      stepDays: 3,
      notAfter: DEMO_ANCHOR_DATE,
    });
    const received = timeline.receivedDate;
    const row: ApplicationRow = {
      siteCode: site,
      category,
      productId: chosen.id,
      actionType,
      ...transfer,
      paymentFrequency: PIPELINE_FREQUENCY[category],
      policyNo,
      clientId,
      insuredName: name,
      modalPremium,
      currency,
      commenceDate: stage >= 5 && stage !== 8 ? addDays(received, 21) : null,
      receivedDate: received,
      sentDate: timeline.sentDate,
      stage,
      producerId: producerId(code),
    };
    return { row, history: timeline.history };
  };

  let serial = 19000001;
  const prospects = NEW_CLIENT_PRODUCERS.map(({ site, code }) => {
    const surname = rng.pick(SURNAMES);
    const givenName = rng.pick(GIVEN_NAMES);
    return {
      site,
      code,
      name: `${givenName} ${surname}`,
      row: {
        siteCode: site,
        clientNo: `AG${serial++}`,
        idType: 'ID' as const,
        idNumber: `N${rng.int(100000, 999999)}${rng.int(0, 9)}`,
        surname,
        givenName,
        birthDate: rng.dateBetween('1965-01-01', '2000-12-31'),
        phones: [`+852 ${rng.int(5000, 9999)} ${rng.int(1000, 9999)}`],
        emails: [`${givenName}.${surname}${serial}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '')],
        servicingProducerId: producerId(code),
      },
    };
  });
  const prospectIds = await insertReturningIds(
    ctx.tx,
    clients,
    prospects.map((p) => p.row),
  );

  const rows: DatedApplication[] = prospects.map((p, i) =>
    application(
      p.site,
      p.code,
      prospectIds[i] ?? 0,
      p.name,
      NEW_CLIENT_CATEGORIES[i % NEW_CLIENT_CATEGORIES.length] ?? 'IN',
      rng.pick(STAGES[p.site]),
      'NB',
    ),
  );
  TRANSFER_IN_PRODUCERS.forEach((code, i) => {
    const existing = ctx.clients.filter((c) => c.producerCode === code);
    const client = existing[i % Math.max(existing.length, 1)];
    if (!client) return;
    for (const category of ['MPF', 'FD'] as const) {
      rows.push(
        application(
          client.site,
          code,
          client.id,
          client.fullName,
          category,
          rng.pick(STAGES[client.site]),
          'TI',
        ),
      );
    }
  });

  const ids = await insertReturningIds(
    ctx.tx,
    applications,
    rows.map((r) => r.row),
  );
  const history: (typeof applicationStageHistory.$inferInsert)[] = [];
  rows.forEach(({ history: entries }, i) => {
    for (const entry of entries) {
      history.push({
        applicationId: ids[i] ?? 0,
        stage: entry.stage,
        changedAt: new Date(`${entry.enteredOn}T09:00:00Z`),
      });
    }
  });
  await insertInSlices(ctx.tx, applicationStageHistory, history);
}
