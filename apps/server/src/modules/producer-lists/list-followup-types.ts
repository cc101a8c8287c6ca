import type { FollowupTypeOption, Language } from '@portal/contract';
import { asc } from 'drizzle-orm';
import { followupTypes } from '../../db/schema/index.js';
import { followupTypeWord } from './followup-type-words.js';
import type { ProducerListsContext } from './search-list.js';

/** A site has a few dozen follow-up types at most; the cap bounds a bad data load. */
const MAX_TYPES = 200;

/** GET /b2b/get_all_followup_type: the Service Records type filter's options, worded in the request's language. */
export async function listFollowupTypes(
  ctx: ProducerListsContext,
  language: Language,
): Promise<FollowupTypeOption[]> {
  const rows = await ctx.db
    .select({ id: followupTypes.id, name: followupTypes.name })
    .from(followupTypes)
    .orderBy(asc(followupTypes.sortOrder), asc(followupTypes.id))
    .limit(MAX_TYPES);
  return rows.map((row) => ({ value: row.id, type: followupTypeWord(language, row.id, row.name) }));
}
