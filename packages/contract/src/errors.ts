import { z } from 'zod';

/** Form errors: HTTP 400, keyed by field name; a form-wide message goes under `base`. */
export const formErrorsSchema = z.object({ errors: z.record(z.string(), z.array(z.string())) });
export type FormErrors = z.infer<typeof formErrorsSchema>['errors'];

/** Any other failure: one localized message. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export { CSRF_HEADER, CSRF_STATUS } from './constants.js';
