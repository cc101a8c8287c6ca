import type { Language } from '@portal/contract';

/**
 * A producer-area detail record (policy detail, service record, client detail) as plain, already worded text: one
 * model printed both as the modal's HTML fragment and as a PDF, so the screen and the download say the same thing.
 * Built in the main thread (where the database is); structured-cloneable, so it crosses into the render pool.
 */
export interface DetailDocument {
  language: Language;
  title: string;
  /** e.g. the policy number or the reference, under the title. */
  subtitle: string | null;
  sections: DetailSection[];
  /** A line printed at the end of the PDF (when it was printed). */
  printedOn: string | null;
}

export interface DetailFact {
  label: string;
  /** null or "" prints as a dash. */
  value: string | null;
}

export type DetailSection =
  | { kind: 'facts'; heading: string; facts: DetailFact[] }
  | { kind: 'table'; heading: string; columns: string[]; rows: string[][]; empty: string }
  | { kind: 'text'; heading: string; text: string };

export const orDash = (value: string | null | undefined) => (value == null || value === '' ? '-' : value);
