import type { MessageKey } from '../../i18n/index.js';
import { formatAmount, formatDate } from '../../render/decimal.js';
import type { DetailDocument } from '../../render/detail-model.js';
import { domainWords } from '../../render/domain-texts.js';
import { admitRecordOf, type DetailsContext, type DetailsRequester } from './context.js';
import { daysBetween, hongKongDateOf } from './dates.js';
import { selectApplicants, selectApplication, selectStageHistory } from './queries.js';

/** One stage an application entered: the Hong Kong day it was entered. */
export interface StageEntry {
  stage: number;
  enteredOn: string;
  note: string | null;
}

/**
 * The current stage's entry and how long the application has been in it: the last time it entered the stage it is
 * in now (an application can come back to a stage), counted in Hong Kong calendar days up to `now`. No history for
 * the current stage: unknown (null), never a guess.
 */
export function currentStageAge(
  stage: number,
  history: StageEntry[],
  now: Date,
): { enteredOn: string; days: number } | null {
  const entry = history.findLast((h) => h.stage === stage);
  if (!entry) return null;
  return { enteredOn: entry.enteredOn, days: Math.max(0, daysBetween(entry.enteredOn, hongKongDateOf(now))) };
}

const stageName = (t: DetailsRequester['t'], stage: number) => t(`details.stage${stage}` as MessageKey);

/**
 * GET /b2b/policy_detail/{caaId}: the application (new business) with its applicants, its dated stage history and
 * the days in the current stage, worded in the request's language.
 */
export async function loadPolicyDetail(
  ctx: DetailsContext,
  who: DetailsRequester,
  caaId: number,
): Promise<{ doc: DetailDocument; fileName: string }> {
  const app = await selectApplication(ctx.db, caaId, who.caller.siteCode);
  await admitRecordOf(ctx, who, app, 'policy_detail', { caaId });
  if (!app) throw new Error('unreachable: admitRecordOf refuses a missing record');
  const [applicants, rawHistory] = await Promise.all([
    selectApplicants(ctx.db, app.id),
    selectStageHistory(ctx.db, app.id),
  ]);
  const { t, language } = who;
  const words = domainWords(language);
  const history: StageEntry[] = rawHistory.map((h) => ({
    stage: h.stage,
    enteredOn: hongKongDateOf(h.changedAt),
    note: h.note,
  }));
  const now = ctx.now();
  const age = currentStageAge(app.stage, history, now);
  const action = `details.action${app.actionType}` as MessageKey;
  const doc: DetailDocument = {
    language,
    title: t('details.policyTitle'),
    subtitle: app.policyNo ? `${app.productName} · ${app.policyNo}` : app.productName,
    sections: [
      {
        kind: 'facts',
        heading: t('details.sectionApplication'),
        facts: [
          { label: t('details.productName'), value: app.productName },
          { label: t('details.productCode'), value: app.productCode },
          { label: t('details.provider'), value: app.providerName },
          { label: t('details.category'), value: words.productCategory(app.category) },
          { label: t('details.actionType'), value: t(action) },
          { label: t('details.hasRiders'), value: t(app.hasRiders ? 'details.yes' : 'details.no') },
          { label: t('details.policyNo'), value: app.policyNo },
          { label: t('details.client'), value: `${app.clientName} (${app.clientNo})` },
          { label: t('details.insured'), value: app.insuredName },
          {
            label: t('details.premium'),
            value: app.modalPremium === null ? null : formatAmount(app.modalPremium),
          },
          { label: t('details.currency'), value: app.currency },
          { label: t('details.commenceDate'), value: formatDate(app.commenceDate) },
          { label: t('details.receivedDate'), value: formatDate(app.receivedDate) },
          { label: t('details.sentDate'), value: formatDate(app.sentDate) },
          { label: t('details.producer'), value: `${app.producerName} (${app.producerCode})` },
          { label: t('details.currentStage'), value: `${app.stage} – ${stageName(t, app.stage)}` },
          {
            label: t('details.daysInStage'),
            value: age ? t('details.days', { days: age.days }) : null,
          },
        ],
      },
      {
        kind: 'table',
        heading: t('details.sectionApplicants'),
        columns: [t('details.applicant', { n: '' }).trim(), t('details.name'), t('details.birthDate')],
        rows: applicants.map((a) => [
          String(a.position),
          [a.givenName, a.surname].filter(Boolean).join(' '),
          formatDate(a.birthOn),
        ]),
        empty: t('details.noApplicants'),
      },
      {
        kind: 'table',
        heading: t('details.sectionStageHistory'),
        columns: [t('details.stage'), t('details.enteredOn'), t('details.note')],
        rows: history.map((h) => [
          `${h.stage} – ${stageName(t, h.stage)}`,
          formatDate(h.enteredOn),
          h.note ?? '',
        ]),
        empty: t('details.noHistory'),
      },
    ],
    printedOn: t('details.printedOn', { date: formatDate(hongKongDateOf(now)) }),
  };
  const safe = (app.policyNo ?? `application-${app.id}`).replace(/[^A-Za-z0-9._-]+/g, '-');
  return { doc, fileName: `policy-detail-${safe}.pdf` };
}
