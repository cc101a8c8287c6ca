import type { Language, SiteCode } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RenderPool } from '../../render-pool/pool.js';

export interface StatementsContext {
  db: Db;
  config: Config;
  now: () => Date;
  /** Where PDFs are rendered (worker threads); this module only builds the documents. */
  renderPool: RenderPool;
}

/** Who asks and in which language the statement is printed (the URL's `{lang}`). */
export interface StatementRequester {
  clientId: number;
  siteCode: SiteCode;
  language: Language;
}
