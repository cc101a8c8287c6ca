import { z } from 'zod';

/** Service record status filter: All, Open, Closed. */
export const SERVICE_STATUS_FILTERS = ['All', 'O', 'C'] as const;
export const serviceStatusFilterSchema = z.enum(SERVICE_STATUS_FILTERS);
export const SERVICE_STATUSES = ['O', 'C'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Follow-up types with a fixed number (docs/product.md, "Service records"); the rest of the catalogue lives in the
 * database.
 */
export const FOLLOWUP_TYPE_MISSING_PREMIUM = 6;
export const FOLLOWUP_TYPE_RENEWAL = 7;

/** Service type options of a discretionary mandate. */
export const SERVICE_TYPES = ['D', 'N', 'T'] as const;
export const serviceTypeSchema = z.enum(SERVICE_TYPES);
