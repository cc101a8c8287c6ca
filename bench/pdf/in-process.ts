import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { renderStatementsPdf } from '../../apps/server/src/render/statement-pdf.js';
import { sampleStatements } from './sample-statements.js';

/**
 * `tsx bench/pdf/in-process.ts [rounds] [profile.cpuprofile]`: renders the demo client's statements (one PDF
 * each, four languages) on this thread, as the server did before the render pool, and prints ms per PDF. With a
 * file name, the render loop alone (not the database) is CPU-profiled into it; read it with profile-summary.ts.
 */
const rounds = Number(process.argv[2] ?? 3);
// Load the engine (pdfmake, pdfkit) before the demo seed does, as a render thread does: its font cache must be in
// place before pdfkit first loads.
const engine = await import('../../apps/server/src/render/pdf-engine.js');
engine.pdfEngine(process.env.PDF_FONT_PATH || undefined);
const profileFile = process.argv[3];
const { docs, config } = await sampleStatements();
const first = performance.now();
await renderStatementsPdf([docs[0] as never], config.pdfFontPath);
console.log(`first PDF (fonts load): ${(performance.now() - first).toFixed(0)} ms`);
const session = new Session();
if (profileFile) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const started = performance.now();
const cpuBefore = process.cpuUsage();
let bytes = 0;
for (let r = 0; r < rounds; r++) {
  for (const doc of docs) bytes += (await renderStatementsPdf([doc], config.pdfFontPath)).length;
}
const count = rounds * docs.length;
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
if (profileFile) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
}
console.log(
  `${count} PDFs in ${ms.toFixed(0)} ms: ${(ms / count).toFixed(1)} ms wall and ${(cpuMs / count).toFixed(1)} ms CPU per PDF, ${((count / ms) * 1000).toFixed(1)} PDFs/s, ${(bytes / count / 1024).toFixed(0)} KiB avg`,
);
const cache = await import('../../apps/server/src/render/font-cache.js').catch(() => undefined);
if (cache)
  console.log(`font files parsed: ${cache.fontWork.parses}, words shaped: ${cache.fontWork.shapedWords}`);
