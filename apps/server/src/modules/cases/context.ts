import type { Db } from '../../db/client.js';
import type { Notifier } from '../../notifications/index.js';

/** What the cases' use cases need: the database, the clock (Hong Kong days, decision 054) and the notices. */
export interface CasesContext {
  db: Db;
  now: () => Date;
  notifier: Notifier;
}
