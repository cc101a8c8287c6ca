import type { Language } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { clients, statementAccounts } from '../../apps/server/src/db/schema/index.js';
import { ensureDemoData } from '../../apps/server/src/db/seed/demo.js';
import type { StatementsContext } from '../../apps/server/src/modules/statements/context.js';
import { loadStatement } from '../../apps/server/src/modules/statements/view-statement.js';
import type { StatementDocument } from '../../apps/server/src/render/statement-model.js';

/**
 * One demo client's statements, as the download routes build them (latest month, one per account), in each language:
 * what the PDF throughput and profile scripts render. The database is in-memory PGlite and closed before returning.
 */
export async function sampleStatements(
  clientNo = 'AG10000001',
  languages: Language[] = ['zh', 'en', 'ja', 'kr'],
) {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await ensureDemoData(database.db);
  const ctx = { db: database.db, config, now: () => new Date() } as StatementsContext;
  const accounts = await database.db
    .select({ id: statementAccounts.id, clientId: statementAccounts.clientId, siteCode: clients.siteCode })
    .from(statementAccounts)
    .innerJoin(clients, eq(clients.id, statementAccounts.clientId))
    .where(eq(clients.clientNo, clientNo))
    .orderBy(asc(statementAccounts.id));
  const docs: StatementDocument[] = [];
  for (const language of languages) {
    for (const account of accounts) {
      const who = { clientId: account.clientId, siteCode: account.siteCode, language };
      docs.push(await loadStatement(ctx, who, account.id, {}));
    }
  }
  await database.close();
  return { docs, config };
}
