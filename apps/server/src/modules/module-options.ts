import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

/** What every feature module receives. Each module registers its routes under `{basePath}/{lang}/api`. */
export interface ModuleOptions {
  config: Config;
  db: Db;
  now?: () => Date;
}
