import type { Db } from '../../db/client.js';
import type { Notifier } from '../../notifications/index.js';
import type { BirthdayCounts } from './birthday-counts.js';

/** What the cases' use cases need: the database, the clock (Hong Kong days, decision 054) and the notices. */
export interface CasesContext {
  db: Db;
  now: () => Date;
  notifier: Notifier;
  /** The home's birthday figures, kept a few minutes per scope and week; absent, each home counts them. */
  birthdayCounts?: BirthdayCounts;
}
