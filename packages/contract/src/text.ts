import { z } from 'zod';

/**
 * Characters no person types and the database cannot store: NUL (PostgreSQL refuses 0x00 in text and jsonb) and a
 * UTF-16 surrogate without its partner (not valid Unicode; refused in jsonb, silently mangled in text). Any feature
 * that stores or logs what a person typed should build its text fields from `safeText`.
 */
const UNSAFE_CHARACTERS = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds NUL or a lone surrogate. */
export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_CHARACTERS.test(value);
}

/** Message key of the refusal; the server renders it as `validation.invalidCharacters`. */
export const INVALID_CHARACTERS = 'invalidCharacters';

/** A string without NUL or lone surrogates (a 400 field error otherwise, never a database error). */
export const safeText = () =>
  z.string().refine((value) => !hasUnsafeCharacters(value), { message: INVALID_CHARACTERS });
