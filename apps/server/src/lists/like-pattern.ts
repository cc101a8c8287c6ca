/**
 * `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally (backslash is ILIKE's default escape), so a
 * keyword of "_" or "%" matches those characters instead of everything. Trigram GIN indexes serve these patterns.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
