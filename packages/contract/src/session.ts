import { z } from 'zod';

export const currentClientSchema = z.object({
  name: z.string(),
  messageCount: z.number().int().nonnegative(),
});
export type CurrentClient = z.infer<typeof currentClientSchema>;

export const currentProducerSchema = z.object({
  name: z.string(),
  fullName: z.string(),
  producerId: z.number().int(),
  hasCommissionPermission: z.boolean(),
  hasBvReportPermission: z.boolean(),
  hasTrainingHistoryReportPermission: z.boolean(),
  hasAvenueB2bLogin: z.boolean(),
});
export type CurrentProducer = z.infer<typeof currentProducerSchema>;

export const STAFF_MENU_TYPES = ['mainMenu', 'subMenu', 'label'] as const;
export const staffMenuEntrySchema = z.object({
  type: z.enum(STAFF_MENU_TYPES),
  name: z.string(),
  path: z.string(),
});
export type StaffMenuEntry = z.infer<typeof staffMenuEntrySchema>;

export const currentStaffSchema = z.object({
  name: z.string(),
  menus: z.array(staffMenuEntrySchema),
});
export type CurrentStaff = z.infer<typeof currentStaffSchema>;

/**
 * How long the signed-in session has left (seconds, relative, so the browser's clock does not matter). The idle
 * timeout is the server's SESSION_IDLE_MINUTES; every API call except `GET /session` restarts it (to the minute).
 */
export const sessionTimingSchema = z.object({
  idleTimeoutSeconds: z.number().int().positive(),
  idleRemainingSeconds: z.number().int().nonnegative(),
  absoluteRemainingSeconds: z.number().int().nonnegative(),
});
export type SessionTiming = z.infer<typeof sessionTimingSchema>;

/** `GET /me`: exactly one of the three users is set when signed in; otpUserId while a one-time code is pending. */
export const meResponseSchema = z.object({
  currentClient: currentClientSchema.nullable(),
  currentProducer: currentProducerSchema.nullable(),
  currentStaff: currentStaffSchema.nullable(),
  csrfToken: z.string(),
  otpUserId: z.number().int().nullable(),
  /** Set while someone is signed in; optional so a client reading an older server still parses. */
  session: sessionTimingSchema.nullable().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `GET /readyz` (and `/healthz`): the database answered within the readiness deadline. */
export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
/** `GET /livez`: the process is up and its event loop turns; says nothing about the database. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
