import { z } from 'zod';

/** A decimal number as a string: optional minus, digits, optional fraction. */
export const decimalStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
export type DecimalString = z.infer<typeof decimalStringSchema>;
