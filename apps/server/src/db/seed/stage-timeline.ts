import { CANCELLED_STAGE, type SiteCode, type Stage, siteCapabilities } from '@portal/contract';
import { addDays } from './random.js';

/** The stage at which an application is sent to the product provider (its `sent_date`). */
export const SENT_TO_PROVIDER_STAGE: Stage = 3;
/** The first stage after the policy is issued: a site that does not keep it counts the application as completed. */
const POLICY_ISSUED_STAGE = 6;

/**
 * The stage a site records for an application that reached `stage`: a site keeps only its legend's stages (absg: 3,
 * 7 and Other). Before the policy is issued (1–5) the application is at the last kept stage not after it (or the
 * site's first stage); once it is issued (6, 7) at the first kept stage not before it.
 */
export function siteStage(site: SiteCode, stage: number): Stage {
  const kept = siteCapabilities(site).stages;
  if (kept.includes(stage as Stage)) return stage as Stage;
  const inProgress = kept.filter((s) => s !== CANCELLED_STAGE);
  if (stage >= POLICY_ISSUED_STAGE) {
    return inProgress.find((s) => s >= stage) ?? (inProgress.at(-1) as Stage);
  }
  return inProgress.filter((s) => s <= stage).at(-1) ?? (inProgress[0] as Stage);
}

/**
 * The stages an application at `final` went through, in order, on its site: every kept stage up to it; a cancelled
 * one (Other) was sent to the provider first, then cancelled.
 */
export function stagePath(site: SiteCode, final: Stage): Stage[] {
  const inProgress = siteCapabilities(site).stages.filter((s) => s !== CANCELLED_STAGE);
  if (final === CANCELLED_STAGE) return [...inProgress.filter((s) => s <= SENT_TO_PROVIDER_STAGE), final];
  return inProgress.filter((s) => s <= final);
}

export interface StageTimeline {
  /** The day the office received the application: the first stage's day or before it. */
  receivedDate: string;
  /** The day stage 3 was entered; null when the application never got that far. */
  sentDate: string | null;
  /** Every stage entered, oldest first, on days that never go back. */
  history: { stage: Stage; enteredOn: string }[];
}

/**
 * The dated stages of one application, so that its received date, its "sent to provider" date and its stage history
 * tell one story: the stages before sending share the `sentAfterDays` between receipt and sending, each later stage
 * comes `stepDays` after the one before. A site without the early stages (absg) starts its history at sending.
 * When the last stage would fall after `notAfter`, the whole timeline moves earlier (receipt included).
 */
export function stageTimeline(options: {
  site: SiteCode;
  final: Stage;
  receivedDate: string;
  sentAfterDays: number;
  stepDays: number;
  notAfter?: string;
}): StageTimeline {
  const { site, final, sentAfterDays, stepDays, notAfter } = options;
  const path = stagePath(site, final);
  const beforeSending = path.filter((s) => s < SENT_TO_PROVIDER_STAGE).length;
  const offsets: number[] = [];
  let afterSending = 0;
  for (const [step, stage] of path.entries()) {
    if (stage < SENT_TO_PROVIDER_STAGE) {
      offsets.push(Math.floor((sentAfterDays * step) / Math.max(beforeSending, 1)));
    } else if (stage === SENT_TO_PROVIDER_STAGE) {
      offsets.push(sentAfterDays);
    } else {
      afterSending += stepDays;
      offsets.push(sentAfterDays + afterSending);
    }
  }
  let received = options.receivedDate;
  const last = addDays(received, offsets.at(-1) ?? 0);
  if (notAfter && last > notAfter) received = addDays(received, -daysFrom(notAfter, last));
  const history = path.map((stage, i) => ({ stage, enteredOn: addDays(received, offsets[i] ?? 0) }));
  const sent = history.find((h) => h.stage === SENT_TO_PROVIDER_STAGE);
  return { receivedDate: received, sentDate: sent ? sent.enteredOn : null, history };
}

/** Whole days from `from` to `to` (ISO dates). */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
