/**
 * Text a spreadsheet would take for a formula once a person edits the cell or saves the sheet as CSV: it starts with
 * `=`, `+`, `-` or `@`, or with a tab or carriage return before one (OWASP "CSV injection"). A client's or a
 * document's name is typed by someone outside the firm; `=HYPERLINK(…)` in it must stay text.
 */
const FORMULA_LIKE = /^[=+\-@\t\r]/;

/**
 * Such text is written as a text cell whose format carries `quotePrefix="1"` (ECMA-376 §18.8.45, xlsx-parts.ts): Excel
 * and LibreOffice then keep it text when it is edited or saved as CSV, and show no apostrophe.
 */
export function looksLikeFormula(value: unknown): value is string {
  return typeof value === 'string' && FORMULA_LIKE.test(value);
}
