import type { Language, SiteCode } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { TeamScope } from '../../db/team-scope.js';
import type { RenderPool } from '../../render-pool/pool.js';
import type { SiteCache } from '../system/index.js';
import type { DocumentCache } from './document-cache.js';

export interface StatementsContext {
  db: Db;
  config: Config;
  now: () => Date;
  /** Where PDFs are rendered (worker threads); this module only builds the documents. */
  renderPool: RenderPool;
  /**
   * The `sites` rows in memory (the app's site cache): the letterhead is read here, not per statement; its stamp is
   * part of a statement's version, so a letterhead changed by an operator shows once the cache has re-read it (≤ 30 s).
   */
  sites: Pick<SiteCache, 'row' | 'stamp'>;
  /** Rendered statements kept for later requests (decision 025); absent: every statement is built and rendered. */
  documents?: DocumentCache;
}

/**
 * Who asks and in which language the statement is printed (the URL's `{lang}`): a client, who reads their own
 * accounts, or a producer, who reads the accounts whose plans are all serviced inside their team scope
 * (db/access-scopes.ts producerAccountScope; docs/producer/details.md).
 */
export type StatementRequester = ClientStatementRequester | ProducerStatementRequester;

export interface ClientStatementRequester {
  clientId: number;
  producerScope?: undefined;
  siteCode: SiteCode;
  language: Language;
}

export interface ProducerStatementRequester {
  clientId?: undefined;
  producerScope: TeamScope;
  siteCode: SiteCode;
  language: Language;
}
