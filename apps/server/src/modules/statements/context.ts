import type { Language, SiteCode } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

export interface StatementsContext {
  db: Db;
  config: Config;
  now: () => Date;
}

/** Who asks and in which language the statement is printed (the URL's `{lang}`). */
export interface StatementRequester {
  clientId: number;
  siteCode: SiteCode;
  language: Language;
}
