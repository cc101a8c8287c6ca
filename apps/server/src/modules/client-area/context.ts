import type { SiteCode } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../files/index.js';

/** What the client-area use cases need. */
export interface ClientAreaContext {
  db: Db;
  config: Config;
  files: FileStore;
  now: () => Date;
}

/** The signed-in client as the guards admitted them; every query is scoped by both. */
export interface ClientRef {
  clientId: number;
  siteCode: SiteCode;
}
