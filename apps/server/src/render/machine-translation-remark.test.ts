import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { statementHtml } from './statement-html.js';
import type { StatementDocument } from './statement-model.js';
import { renderStatementsPdf } from './statement-pdf.js';
import { TEST_FIRM } from './test-firm.js';

const dir = mkdtempSync(join(tmpdir(), 'mt-remark-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REMARK = '機械翻訳';

function statement(language: Language): StatementDocument {
  return {
    kind: 'monthly',
    firm: TEST_FIRM,
    language,
    clientName: 'Tai Man Chan',
    clientNo: 'AG10000001',
    accountNo: 'P0001',
    month: '2026-10',
    asOfDate: '2026-10-31',
    reportingCurrency: 'USD',
    plans: [],
    summary: null,
  };
}

function pdfText(body: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('machine-translation remark of Japanese statements (as on the Japanese pages)', () => {
  it('is printed in Japanese statement HTML only', () => {
    expect(statementHtml(statement('ja'))).toContain(REMARK);
    for (const language of ['en', 'zh', 'kr'] as const) {
      expect(statementHtml(statement(language)), language).not.toContain(REMARK);
    }
  });

  it('is printed in Japanese statement PDFs only', async () => {
    // The fonts npm installed (PDF_FONT_PATH unset), as `npm start` uses them.
    const font = process.env.PDF_FONT_PATH;
    const ja = pdfText(await renderStatementsPdf([statement('ja')], font), 'ja');
    expect(ja.replace(/\s+/g, '')).toContain(REMARK);
    const en = pdfText(await renderStatementsPdf([statement('en')], font), 'en');
    expect(en).not.toContain(REMARK);
  });
});
