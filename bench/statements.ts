import { writeFileSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { ensureDemoData } from '../apps/server/src/db/seed/demo.js';
import { demoAccount } from '../apps/server/src/db/seed/demo-accounts.js';
import { ApiAgent } from '../apps/server/src/testing/http.js';
import { signInAs } from '../apps/server/src/testing/sessions.js';
import type { TestContext } from '../apps/server/src/testing/test-app.js';

/**
 * `npx tsx bench/statements.ts [lang]`: statement rendering figures on the demo data (in-memory PGlite, or
 * DATABASE_URL): first PDF (font load), single statement PDF and HTML timings, consolidated PDF, and a ZIP of all
 * the demo client's plan statements with the process's peak RSS while it streams.
 */
const lang = process.argv[2] ?? 'zh';

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: samples.length, medianMs: Math.round(at(0.5)), p95Ms: Math.round(at(0.95)) };
}

async function time(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: 'memory://' },
  );
  await database.migrate();
  await ensureDemoData(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const clock = { now: new Date() };
  const agent = new ApiAgent(app, 'afs.localhost', lang);
  await signInAs(
    { app, database, config, clock } as unknown as TestContext,
    agent,
    demoAccount('client').login,
  );

  const plans = (await agent.get('/b2c/plans')).json().data as { id: number }[];
  const partyIds: number[] = [];
  for (const p of plans) {
    const partyId = (await agent.get(`/b2c/plans/${p.id}`)).json().partyId;
    if (partyId) partyIds.push(partyId);
  }
  const list = (await agent.get(`/statement/policy_list/${partyIds[0]}`)).json();
  const consolidated = list.accounts.find(
    (a: { accountType: string }) => a.accountType === 'CONSOLIDATE',
  ).partyId;
  const one = partyIds[0];

  // STATEMENT_HTML_OUT=file keeps one statement's HTML, e.g. to compare printing it with Chromium.
  if (process.env.STATEMENT_HTML_OUT) {
    writeFileSync(process.env.STATEMENT_HTML_OUT, (await agent.get(`/statement/${one}.html`)).body);
  }
  const first = await time(() => agent.get(`/statement/${one}.pdf`));
  const pdf: number[] = [];
  const html: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < 20; i++) {
    pdf.push(
      await time(async () => (pdfBytes = (await agent.get(`/statement/${one}.pdf`)).rawPayload.length)),
    );
    html.push(await time(() => agent.get(`/statement/${one}.html`)));
  }
  const consolidatedPdf: number[] = [];
  for (let i = 0; i < 5; i++) {
    consolidatedPdf.push(
      await time(() =>
        agent.get(`/statement/consolidate_statement/${consolidated}.pdf?selected_currency=EUR`),
      ),
    );
  }

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  let zipBytes = 0;
  const zipMs = await time(async () => {
    zipBytes = (await agent.get(`/statement/download_zip?party_ids=${partyIds.join(',')}`)).rawPayload.length;
  });
  clearInterval(sampler);

  console.log(`engine ${database.kind}, language ${lang}`);
  console.log('first PDF (loads the 19 MB CJK collection):', Math.round(first), 'ms');
  console.table({
    'statement PDF': { ...stats(pdf), bytes: pdfBytes },
    'statement HTML': stats(html),
    'consolidated PDF (EUR)': stats(consolidatedPdf),
  });
  console.log(
    `ZIP of ${partyIds.length} statements: ${Math.round(zipMs)} ms, ${zipBytes} bytes, RSS ${Math.round(rssBefore / 1e6)} → peak ${Math.round(peak / 1e6)} MB`,
  );
  await app.close();
  await database.close();
}

await main();
