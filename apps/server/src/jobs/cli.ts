import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { failedJobs, retryFailedJobs } from './dead-jobs.js';

/**
 * `npm run jobs -w apps/server -- failed` lists jobs whose every attempt failed (dead letters), newest first;
 * `… -- retry mail.send <id> [<id>…]` gives them one more attempt (pg-boss' retry). Same database as the server
 * (DATABASE_URL, else DATA_DIR/pglite, which only one process may open: stop the server first). Payloads stay
 * sealed: the listing shows the queue, the kind of e-mail, the attempts and the last error.
 */
async function main() {
  const [command, ...ids] = process.argv.slice(2);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    if (command === 'failed') {
      console.table(await failedJobs(database));
    } else if (command === 'retry' && ids.length > 1) {
      const [queue = '', ...jobIds] = ids;
      console.log(`${await retryFailedJobs(database, queue, jobIds)} job(s) queued again in ${queue}`);
    } else {
      console.log('usage: jobs failed | jobs retry <queue> <id> [<id>…]');
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
