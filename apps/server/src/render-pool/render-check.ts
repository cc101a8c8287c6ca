import { loadConfig } from '../config.js';
import { TEST_FIRM } from '../render/test-firm.js';
import { createRenderPool } from './pool.js';

/**
 * `tsx apps/server/src/render-pool/render-check.ts`: renders one small statement through the render pool the way
 * the server does (worker threads started from a process run by tsx) and prints the PDF's size. An operator's check
 * that a machine can render (fonts, worker start-up); the render-pool tests run it under tsx.
 */
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', RENDER_THREADS: '1' });
const pool = createRenderPool(config);
try {
  const pdf = await pool.run({
    kind: 'statement-pdf',
    docs: [
      {
        kind: 'monthly',
        firm: TEST_FIRM,
        language: 'zh',
        clientName: '陳大文',
        clientNo: 'AG10000001',
        accountNo: 'CHECK-1',
        month: '2026-10',
        asOfDate: '2026-10-31',
        reportingCurrency: 'USD',
        plans: [],
        summary: null,
      },
    ],
  });
  const header = pdf.subarray(0, 5).toString('latin1');
  if (header !== '%PDF-') throw new Error(`not a PDF: ${JSON.stringify(header)}`);
  console.log(`render pool OK: ${pdf.length} bytes, ${pool.counters.completed} task(s) in a worker thread`);
} finally {
  await pool.close();
}
