import { LANGUAGES, type Language } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { policies } from '../../db/schema/index.js';

/**
 * Sort key of the Clients list's status column: the status word in the reader's language (the words the client
 * area and statements use), so the column reads alphabetically in every language. The words live in the database
 * function list_policy_status_word (migration 0022, checked against the catalogs by list-words.test.ts), and the
 * language is written as a literal: the expression is then exactly that of the per-language index
 * policies_list_status_<language>_idx, so a team's page in this order is one index walk (decision 039).
 */
export function policyStatusSortKey(language: Language): SQL {
  return sql`list_policy_status_word(${policies.statusCode}, ${languageLiteral(language)})`;
}

/** A language code as an SQL literal: only one of the contract's codes, never the request's text. */
export function languageLiteral(language: Language): SQL {
  if (!LANGUAGES.includes(language)) throw new Error(`not a language: ${language}`);
  return sql.raw(`'${language}'`);
}
