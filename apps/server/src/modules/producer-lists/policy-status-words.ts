import { type Language, POLICY_STATUS_CODES } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { policies, policyStatuses } from '../../db/schema/index.js';
import { domainWords } from '../../render/domain-texts.js';

/**
 * Sort key of the Clients list's status column: the status word in the reader's language (the words the client
 * area and statements use), so the column reads alphabetically in every language; unknown codes sort by their
 * stored label.
 */
export function policyStatusSortKey(language: Language): SQL {
  const words = domainWords(language);
  const whens = POLICY_STATUS_CODES.map(
    (code) => sql`when ${code}::text then ${words.policyStatus(code, code)}::text`,
  );
  return sql`(case ${policies.statusCode} ${sql.join(whens, sql` `)} else ${policyStatuses.label} end)`;
}
