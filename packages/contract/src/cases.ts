import { z } from 'zod';
import { booleanCriterion, hongKongToday, idSchema, optionalCriterion } from './lists/criteria.js';
import { STAGES, type Stage } from './stages.js';
import { safeText } from './text.js';

/*
 * Cases that move (docs/producer/cases.md): the requirements of each application, the Hong Kong sales steps among
 * them, the stage rule they enforce, time in stage against a target, and cooling-off. Dates are Hong Kong calendar
 * days (decision 054); statuses and types are codes the web words from its catalogues.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Requirement types of the catalogue (per site in `requirement_types`). IFS_1…IFS_3: the parts of the Important Facts Statement. */
export const REQUIREMENT_TYPES = [
  'FNA',
  'RPQ',
  'IFS_1',
  'IFS_2',
  'IFS_3',
  'REPLACEMENT_DECLARATION',
  'ID_PROOF',
  'ADDRESS_PROOF',
  'MEDICAL',
  'PAYMENT_PROOF',
  'SIGNED_APPLICATION',
] as const;
export const requirementTypeSchema = z.enum(REQUIREMENT_TYPES);
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];

/** Who must provide an item. */
export const REQUIREMENT_PROVIDERS = ['client', 'producer', 'insurer'] as const;
export const requirementProviderSchema = z.enum(REQUIREMENT_PROVIDERS);
export type RequirementProvider = (typeof REQUIREMENT_PROVIDERS)[number];

export const REQUIREMENT_STATUSES = [
  'outstanding',
  'received',
  'under_review',
  'accepted',
  'rejected',
  'waived',
] as const;
export const requirementStatusSchema = z.enum(REQUIREMENT_STATUSES);
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

/** Cleared items: accepted, or waived by staff. Every other status keeps a mandatory item open (the stage rule). */
export const CLEARED_REQUIREMENT_STATUSES: readonly RequirementStatus[] = ['accepted', 'waived'];
export const OPEN_REQUIREMENT_STATUSES: readonly RequirementStatus[] = REQUIREMENT_STATUSES.filter(
  (s) => !CLEARED_REQUIREMENT_STATUSES.includes(s),
);
/** What the client still has to send: nothing uploaded yet, or the upload was rejected. */
export const CLIENT_OWED_STATUSES: readonly RequirementStatus[] = ['outstanding', 'rejected'];

/**
 * Stages an application may not enter while a mandatory requirement is open: the policy is issued (6: arrived at the
 * office or sent to the client; 7: acknowledged or account opened). Decision 053.
 */
export const ISSUED_STAGES: readonly Stage[] = [6, 7];

// ---------------------------------------------------------------------------------------------------------------
// Time in stage (decision 054): whole Hong Kong days since the day the stage was entered.

/** Aging buckets of the producer home: 0–7, 8–14, 15–30 and over 30 days in the current stage. */
export const AGING_BUCKETS = ['d0_7', 'd8_14', 'd15_30', 'over30'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Days between two Hong Kong calendar dates (YYYY-MM-DD), `to` minus `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whole days in the current stage on `now`'s Hong Kong day; the day it was entered is day 0. */
export function daysInStage(stageEnteredOn: string, now: Date): number {
  return Math.max(0, daysBetween(stageEnteredOn, hongKongToday(now)));
}

/** A Hong Kong calendar date (YYYY-MM-DD) moved by whole days. */
export function addCalendarDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function agingBucket(days: number): AgingBucket {
  if (days <= 7) return 'd0_7';
  if (days <= 14) return 'd8_14';
  if (days <= 30) return 'd15_30';
  return 'over30';
}

/** Over the stage's target (a stage without a target is never overdue). */
export function isOverTarget(days: number, targetDays: number | null): boolean {
  return targetDays !== null && days > targetDays;
}

// ---------------------------------------------------------------------------------------------------------------
// GET /b2b/applications/:id/requirements

export const applicationIdParamsSchema = z.object({ id: idSchema });

export const requirementSchema = z.object({
  id: z.number().int(),
  type: requirementTypeSchema,
  status: requirementStatusSchema,
  dueDate: isoDate.nullable(),
  mandatory: z.boolean(),
  provider: requirementProviderSchema,
  /** Position among the Hong Kong regulated sales steps (FNA, RPQ, IFS parts, replacement declaration); null otherwise. */
  salesStep: z.number().int().nullable(),
  /** Why it was rejected or waived. */
  reason: z.string().nullable(),
  statusChangedAt: z.string(),
  documentCount: z.number().int(),
});
export type Requirement = z.infer<typeof requirementSchema>;

export const requirementListSchema = z.object({
  data: z.array(requirementSchema),
  /** Stage and time in it, for the checklist's heading. */
  stage: z.number().int(),
  stageEnteredOn: isoDate,
  stageTargetDays: z.number().int().nullable(),
  coolingOffEndsOn: isoDate.nullable(),
});
export type RequirementList = z.infer<typeof requirementListSchema>;

/**
 * POST /b2b/applications/:id/reminders: the producer reminds the client of what they still owe (a notification on the
 * client's own channels, linking to their tracker). `items`: how many items the reminder names. At most one an
 * application a Hong Kong day: another is refused (409), as is a reminder when nothing is owed.
 */
export const reminderResponseSchema = z.object({ sent: z.boolean(), items: z.number().int() });
export type ReminderResponse = z.infer<typeof reminderResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Staff: PATCH /internal/requirements/:id, POST /internal/applications/:id/stage

const reasonSchema = safeText().trim().min(1).max(500);

export const requirementDecisionSchema = z
  .object({
    status: z.enum(['under_review', 'accepted', 'rejected', 'waived']),
    reason: reasonSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.status === 'rejected' || value.status === 'waived') && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
  });
export type RequirementDecision = z.infer<typeof requirementDecisionSchema>;

/**
 * Which status may follow which on the office's decision (docs/producer/cases.md): staff review what was received,
 * accept or reject it, and may waive anything not yet cleared. A client's upload (outstanding or rejected → received)
 * is the upload's own path; a cleared item (accepted, waived) stays cleared. The server enforces it; the office's
 * screen offers only these moves.
 */
export const REQUIREMENT_STAFF_MOVES: Record<RequirementDecision['status'], readonly RequirementStatus[]> = {
  under_review: ['received'],
  accepted: ['received', 'under_review'],
  rejected: ['received', 'under_review'],
  waived: ['outstanding', 'received', 'under_review', 'rejected'],
};

export function staffMayMove(from: RequirementStatus, to: RequirementDecision['status']): boolean {
  return REQUIREMENT_STAFF_MOVES[to].includes(from);
}

export const stageChangeSchema = z.object({ stage: z.literal(STAGES) });
export type StageChange = z.infer<typeof stageChangeSchema>;

export const stageChangeResultSchema = z.object({
  id: z.number().int(),
  stage: z.number().int(),
  stageEnteredOn: isoDate,
  coolingOffEndsOn: isoDate.nullable(),
});

/** 409 of the stage rule: the mandatory requirements still open. */
export const stageRefusalSchema = z.object({
  error: z.string(),
  openRequirements: z.array(
    z.object({ id: z.number().int(), type: requirementTypeSchema, status: requirementStatusSchema }),
  ),
});
export type StageRefusal = z.infer<typeof stageRefusalSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Producer home: GET /b2b/home?selectedProducerId=…&includedTeam=…

export const producerHomeQuerySchema = z.object({
  selectedProducerId: optionalCriterion(idSchema),
  includedTeam: booleanCriterion.default(true),
});
export type ProducerHomeQuery = z.output<typeof producerHomeQuerySchema>;

const agingSchema = z.object({
  d0_7: z.number().int(),
  d8_14: z.number().int(),
  d15_30: z.number().int(),
  over30: z.number().int(),
});

/** The home's single figures, each a count stopped at the list limit. */
export const HOME_FIGURES = [
  'overdueRequirements',
  'outstandingFromClients',
  'receivedRequirements',
  'coolingOffEndingThisWeek',
  'birthdaysThisWeek',
  'missingPremiums',
] as const;
export type HomeFigure = (typeof HOME_FIGURES)[number];

export const producerHomeSchema = z.object({
  /** Hong Kong today, and the Monday and Sunday of its week (the "this week" tiles). */
  today: isoDate,
  weekFrom: isoDate,
  weekTo: isoDate,
  /**
   * One row per in-progress stage of the site. `count` is the New Business list's totalSize for
   * `{ stage: 'select', stageOptions: [stage] }` in the same scope (bounded the same way).
   */
  pipeline: z.array(
    z.object({
      stage: z.number().int(),
      count: z.number().int(),
      countIsLowerBound: z.boolean(),
      aging: agingSchema,
      overdue: z.number().int(),
      targetDays: z.number().int().nullable(),
    }),
  ),
  /**
   * Overdue cases (over their stage's target) per sub-partner: the scope's producer (their own cases) first, then the
   * direct reports with the most (each with their whole subtree), at most 20.
   */
  overdueBySubPartner: z.array(
    z.object({
      producerId: z.number().int(),
      name: z.string(),
      byStage: z.array(z.object({ stage: z.number().int(), overdue: z.number().int() })),
    }),
  ),
  /** The direct reports beyond those 20, summed: every column still adds up to the pipeline's overdue. */
  overdueOthers: z
    .object({
      producers: z.number().int(),
      byStage: z.array(z.object({ stage: z.number().int(), overdue: z.number().int() })),
    })
    .nullable(),
  overdueRequirements: z.number().int(),
  /** Items clients still owe (outstanding or rejected) and items received awaiting the office's review. */
  outstandingFromClients: z.number().int(),
  receivedRequirements: z.number().int(),
  recentlyReceived: z.array(
    z.object({
      requirementId: z.number().int(),
      applicationId: z.number().int(),
      type: requirementTypeSchema,
      clientName: z.string(),
      receivedAt: z.string(),
    }),
  ),
  coolingOffEndingThisWeek: z.number().int(),
  birthdaysThisWeek: z.number().int(),
  /**
   * Open missing-premium follow-ups: the Service Records list's totalSize for `{ statusOptions: 'O', typeOptions:
   * [6] }` in the same scope. Null on a site without service records.
   */
  missingPremiums: z.number().int().nullable(),
  /** The figures above counted only up to the list limit: there are more (the web shows "10,000+"). */
  lowerBounds: z.array(z.enum(HOME_FIGURES)),
});
export type ProducerHome = z.infer<typeof producerHomeSchema>;

/** Monday and Sunday of the Hong Kong week holding `today` (YYYY-MM-DD). */
export function weekOf(today: string): { from: string; to: string } {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const from = addCalendarDays(today, -weekday);
  return { from, to: addCalendarDays(from, 6) };
}

/**
 * The stored month-and-day (month × 100 + day, clients.birth_month_day) of each day of the Monday-to-Sunday week
 * holding `day`, plus 29 February when that week holds 28 February of a common year: someone born on 29 February
 * celebrates on the 28th then. The home's birthday figure and the Clients list's birthday filter both count by it.
 */
export function birthMonthDaysOfWeek(day: string): number[] {
  const { from } = weekOf(day);
  const days: number[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addCalendarDays(from, i);
    const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
    days.push(month * 100 + dayOfMonth);
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    if (month === 2 && dayOfMonth === 28 && !leap) days.push(229);
  }
  return days;
}
