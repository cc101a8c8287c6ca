import { performance } from 'node:perf_hooks';
import type { Config } from '../../apps/server/src/config.js';
import type { StatementDocument } from '../../apps/server/src/render/statement-model.js';
import { renderStatementsPdf } from '../../apps/server/src/render/statement-pdf.js';
import { RenderPool } from '../../apps/server/src/render-pool/pool.js';

export interface ThroughputRow {
  name: string;
  pdfs: number;
  pdfsPerSecond: number;
  msPerPdf: number;
}

/**
 * Statement PDFs per second: as before the pool (one after the other on the main thread, which then answered nobody
 * else), and through the render pool with `threads` workers kept busy. Each PDF is one statement.
 */
export async function pdfThroughput(
  docs: StatementDocument[],
  config: Config,
  threadCounts: number[],
): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  const row = (name: string, ms: number) => ({
    name,
    pdfs: docs.length,
    pdfsPerSecond: Number(((docs.length / ms) * 1000).toFixed(1)),
    msPerPdf: Number((ms / docs.length).toFixed(1)),
  });
  await renderStatementsPdf(docs.slice(0, 1), config.pdfFontPath);
  let started = performance.now();
  for (const doc of docs) await renderStatementsPdf([doc], config.pdfFontPath);
  rows.push(row('main thread, one at a time (before the pool)', performance.now() - started));

  for (const threads of threadCounts) {
    const pool = new RenderPool({
      threads,
      maxQueue: docs.length,
      perUser: 1,
      pdfFontPath: config.pdfFontPath,
    });
    // Every thread loads its fonts before the clock starts.
    await Promise.all(
      Array.from({ length: threads }, () =>
        pool.run({ kind: 'statement-pdf', docs: [docs[0] as StatementDocument] }),
      ),
    );
    started = performance.now();
    await Promise.all(docs.map((doc) => pool.run({ kind: 'statement-pdf', docs: [doc] })));
    rows.push(row(`render pool, ${threads} thread${threads > 1 ? 's' : ''}`, performance.now() - started));
    await pool.close();
  }
  return rows;
}
