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
  /** While a sign-in waits for its second factor: the methods offered (`email`: the e-mailed code, through `POST /login`). */
  mfa: z.object({ methods: z.array(z.enum(['totp', 'webauthn', 'recovery', 'email'])) }).optional(),
  /** The session may only enrol an authenticator (the account's grace period is over). */
  mfaEnrolmentRequired: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * What readiness saw of each dependency (docs/operations.md "Probes"). Only the primary decides readiness; a replica
 * that is down or late (its reads go to the primary), a full render queue or stopped job workers make it `degraded`.
 */
export const readinessDependenciesSchema = z.object({
  primary: z.object({ state: z.enum(['ok', 'down']) }),
  replicas: z.array(
    z.object({
      name: z.string(),
      state: z.enum(['ok', 'lagging', 'down']),
      /** Behind the primary at the last look; null while it does not answer. */
      lagMs: z.number().int().nullable(),
    }),
  ),
  jobQueue: z.object({ state: z.enum(['ok', 'stopped']), workers: z.boolean() }),
  renderPool: z.object({
    state: z.enum(['ok', 'full', 'closing']),
    threads: z.number().int(),
    queued: z.number().int(),
  }),
});
export type ReadinessDependencies = z.infer<typeof readinessDependenciesSchema>;

/** `GET /readyz` (and `/healthz`): the primary answered within the readiness deadline; every dependency's state. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  dependencies: readinessDependenciesSchema,
});
/** `GET /readyz` answered 503: the message, and (when the database is away) what was seen of each dependency. */
export const readinessFailureSchema = z.object({
  error: z.string(),
  dependencies: readinessDependenciesSchema.optional(),
});
/** `GET /livez`: the process is up and its event loop turns; says nothing about the database. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });
