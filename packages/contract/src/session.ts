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

/** `GET /me`: exactly one of the three users is set when signed in; otpUserId while a one-time code is pending. */
export const meResponseSchema = z.object({
  currentClient: currentClientSchema.nullable(),
  currentProducer: currentProducerSchema.nullable(),
  currentStaff: currentStaffSchema.nullable(),
  csrfToken: z.string(),
  otpUserId: z.number().int().nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
