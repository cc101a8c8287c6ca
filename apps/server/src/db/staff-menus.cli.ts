import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { runStaffMenusCommand, StaffMenusError } from './staff-menus.js';

/**
 * `npm run staff-menus -w apps/server -- list|set|grant|revoke …` (staff-menus.ts): a staff member's menu rows, which
 * are their internal permissions. Uses DATABASE_URL when set, else the PGlite directory the server uses
 * (DATA_DIR/pglite); migrates first, like the other database scripts.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    const output = await runStaffMenusCommand(database.db, process.argv.slice(2), {
      readJson: (file) => JSON.parse(readFileSync(file, 'utf8')),
      operator: userInfo().username,
    });
    console.log(output);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  // A wrong command or an unknown login is the operator's mistake: its message (with the usage) is enough.
  console.error(err instanceof StaffMenusError ? err.message : err);
  process.exit(1);
});
