/**
 * `npx tsx bench/statement-chromium-probe.ts FILE.html`: prints a statement's HTML to PDF with Debian Chromium ten
 * times (warm browser, a new page each) — the alternative to pdfmake measured for docs/client-area.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const html = readFileSync(process.argv[2] ?? '/tmp/stmt.html', 'utf8');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const times: number[] = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  const page = await browser.newPage();
  await page.setContent(html);
  const pdf = await page.pdf({ format: 'A4' });
  await page.close();
  times.push(performance.now() - start);
  if (i === 0) writeFileSync('/tmp/statement-chromium.pdf', pdf);
}
console.log('Chromium ms per PDF:', times.map(Math.round).join(' '));
await browser.close();
