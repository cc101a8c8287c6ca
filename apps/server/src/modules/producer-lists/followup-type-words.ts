import type { Language } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { serviceRecords } from '../../db/schema/index.js';
import { hasMessage, type MessageKey, translator } from '../../i18n/index.js';
import { languageLiteral } from './policy-status-words.js';

/** Follow-up type ids the server catalog words (lists.followupType.type<id>); the database may hold more. */
export const WORDED_TYPE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * A follow-up type in the reader's language. The table stores English names; a type the catalog does not know
 * yet (added to the table later) shows its stored name rather than nothing.
 */
export function followupTypeWord(language: Language, typeId: number, storedName: string): string {
  const key = `lists.followupType.type${typeId}`;
  return hasMessage(key) ? translator(language)(key as MessageKey) : storedName;
}

/**
 * Sort key of the "type" column: the word the reader sees, so the column reads alphabetically in every language.
 * The words live in the database function list_followup_type_word (migration 0022, checked against the catalog by
 * list-words.test.ts; a type the catalog does not word sorts last), the language written as a literal so the
 * expression is that of the index service_records_list_type_<language>_idx (decision 039).
 */
export function followupTypeSortKey(language: Language): SQL {
  return sql`list_followup_type_word(${serviceRecords.typeId}, ${languageLiteral(language)})`;
}
