import type { Language } from '@portal/contract';
import type { StatementFirm } from './statement-model.js';
import type { LetterheadTexts } from './statement-pdf-frame.js';

/**
 * A commission statement as plain, already worded text (built in the main thread, where the database is;
 * structured-cloneable, so it crosses into the render pool). Amounts are formatted strings: the PDF prints exactly
 * what the server summed, and each currency's total is the sum of that currency's lines (no conversion).
 */
export interface CommissionStatementDocument {
  language: Language;
  /** The issuing site's firm: its letterhead heads every page, as on the client statements. */
  firm: StatementFirm;
  letterheadTexts: LetterheadTexts;
  title: string;
  /** Who, which company, which region and period (label, value). */
  facts: { label: string; value: string }[];
  columns: string[];
  /** Indexes of the columns that hold amounts (right-aligned). */
  amountColumns: number[];
  /** One block per currency, in currency order. */
  currencies: CommissionCurrencyBlock[];
  /** Printed instead of the table when no pay-out record falls into the period. */
  empty: string;
  notes: string[];
  printedOn: string;
}

export interface CommissionCurrencyBlock {
  heading: string;
  rows: string[][];
  /** "Total HKD" and the formatted sum of the block's amounts. */
  totalLabel: string;
  total: string;
}
