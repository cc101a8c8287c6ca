import type { Language } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { followupTypes, serviceRecords } from '../../db/schema/index.js';
import { hasMessage, type MessageKey, translator } from '../../i18n/index.js';

/** Follow-up type ids the server catalog words (lists.followupType.type<id>); the database may hold more. */
const WORDED_TYPE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * A follow-up type in the reader's language. The table stores English names; a type the catalog does not know
 * yet (added to the table later) shows its stored name rather than nothing.
 */
export function followupTypeWord(language: Language, typeId: number, storedName: string): string {
  const key = `lists.followupType.type${typeId}`;
  return hasMessage(key) ? translator(language)(key as MessageKey) : storedName;
}

/** Sort key of the "type" column: the word the reader sees, so the column reads alphabetically in every language. */
export function followupTypeSortKey(language: Language): SQL {
  const whens = WORDED_TYPE_IDS.map(
    (id) => sql`when ${sql.raw(String(id))} then ${followupTypeWord(language, id, '')}::text`,
  );
  return sql`(case ${serviceRecords.typeId} ${sql.join(whens, sql` `)} else ${followupTypes.name} end)`;
}
