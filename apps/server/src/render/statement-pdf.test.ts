import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { fontkitParsingOnce, fontWork } from './font-cache.js';
import type { StatementDocument, StatementPlanSection } from './statement-model.js';
import { renderStatementsPdf } from './statement-pdf.js';
import { TEST_FIRM } from './test-firm.js';

const dir = mkdtempSync(join(tmpdir(), 'statement-pdf-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** pdftotext of each page, and the fonts pdffonts finds embedded. */
function readPdf(pdf: Buffer, name: string) {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  return { pages: pages.filter((p) => p.trim() !== ''), text: pages.join('\n'), fonts };
}

const fund = (code: string, description: string, currency: string) => ({
  holdingType: 'fund' as const,
  code,
  description,
  currency,
  unitType: 'A',
  unitHeld: '105367.43',
  price: '1.0497',
  valueOn: '2026-10-31',
  value: '110606.54',
  exchangeRate: '0.12891318',
  valuationValue: '14258.74',
});

function plan(planNo: string): StatementPlanSection {
  return {
    planNo,
    productName: '海港財富增值計劃',
    providerName: 'Bluewater Investment Services',
    policyOwner: '陳大文',
    jointOwner: '김민준',
    insured: '山田 はなこ',
    beneficiary: null,
    commenceDate: '2025-02-02',
    policyTerm: null,
    paymentFrequency: 'M',
    payTerm: null,
    paymentMethod: null,
    currency: 'USD',
    valuationCurrency: 'USD',
    modalPremium: '1000',
    totalPremiumPaid: '24000',
    holdings: [
      fund('JPSM-JPY', 'Japan Smaller Companies Opportunities Fund (Accumulation Class)', 'JPY'),
      fund('HKMM-HKD', '港元貨幣市場基金', 'HKD'),
    ],
    subTotalFunds: '28517.48',
    cashBalance: '0',
    totalPortfolioValue: '28517.48',
    allocation: [
      { code: 'JPSM-JPY', name: 'Japan Smaller Companies Fund', assetClass: '股票', percentage: '60' },
    ],
    portfolio: [{ code: 'EQU', name: '股票', assetClass: '股票', percentage: '60' }],
    lifeValues: null,
    dataAlert: false,
  };
}

function statement(language: Language, accountNo: string, plans = 1): StatementDocument {
  return {
    kind: 'monthly',
    firm: TEST_FIRM,
    language,
    clientName: '陳大文',
    clientNo: 'AG10000001',
    accountNo,
    month: '2026-10',
    asOfDate: '2026-10-31',
    reportingCurrency: 'USD',
    plans: Array.from({ length: plans }, (_, i) => plan(`${accountNo}-${i + 1}`)),
    summary: null,
  };
}

describe('statement PDF without system fonts', () => {
  it('prints a Chinese statement in the npm Noto Sans TC, with hangul and kana from the KR/JP faces', async () => {
    // fontPath undefined: the fonts npm installed, nothing from /usr/share/fonts.
    const pdf = readPdf(await renderStatementsPdf([statement('zh', 'BLW1000006')], undefined), 'zh');
    for (const words of [
      '月結單',
      '單位結餘',
      '海港財富增值計劃',
      '陳大文',
      '港元貨幣市場基金',
      '김민준',
      '山田 はなこ',
    ])
      expect(pdf.text).toContain(words);
    expect(pdf.fonts).toContain('NotoSansTC-Regular');
    // Hangul is not in the TC face: without the per-character fallback it would print as blanks.
    expect(pdf.fonts).toContain('NotoSansKR-Regular');
  });

  it('takes PDF_FONT_PATH as an override: one font file then serves every language', async () => {
    const krFont = createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    );
    const pdf = readPdf(await renderStatementsPdf([statement('zh', 'BLW1000006')], krFont), 'override');
    expect(pdf.text).toContain('月結單');
    expect(pdf.fonts).toContain('NotoSansKR-Regular');
    expect(pdf.fonts).not.toContain('NotoSansTC-Regular');
  });

  it('prints the firm on every page and client, account, month and page x of y in the footer', async () => {
    const pdf = readPdf(await renderStatementsPdf([statement('zh', 'BLW1000006', 3)], undefined), 'frame');
    expect(pdf.pages.length).toBeGreaterThan(1);
    pdf.pages.forEach((page, i) => {
      expect(page).toContain('Angel Financial Services');
      expect(page).toContain('8 Harbour Road, Wan Chai, Hong Kong');
      expect(page).toContain('電話 +852 2000 8800');
      expect(page).toContain('enquiry@afs.example.com');
      expect(page).toMatch(/陳大文\s+·\s+賬戶號碼 BLW1000006\s+·\s+結單月份 2026\/10/);
      expect(page).toContain(`第 ${i + 1} 頁，共 ${pdf.pages.length} 頁`);
    });
  });

  it('numbers the pages of each statement of a bundle on their own', async () => {
    const docs = [statement('en', 'AAA0000001', 3), statement('en', 'BBB0000002', 1)];
    const pdf = readPdf(await renderStatementsPdf(docs, undefined), 'bundle');
    const footers = pdf.pages.map((p) => p.match(/Account number (\w+).*Page (\d+) of (\d+)/s)?.slice(1));
    for (const account of ['AAA0000001', 'BBB0000002']) {
      const own = footers.filter((f) => f?.[0] === account);
      expect(own.length, account).toBeGreaterThan(0);
      expect(own, account).toEqual(own.map((_, i) => [account, String(i + 1), String(own.length)]));
    }
    expect(footers.filter((f) => f?.[0] === 'AAA0000001').length).toBeGreaterThan(1);
  });

  it('sizes columns to their content: codes and currencies whole, long fund names on at most two lines', async () => {
    const { text } = readPdf(await renderStatementsPdf([statement('en', 'BLW1000006')], undefined), 'en');
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.includes('Fund code'));
    // Headers may wrap between words, never inside one (the old layout printed "Currenc" / "y").
    const header = `${lines[at]}\n${lines[at + 1]}`;
    for (const word of ['Fund code', 'Fund name', 'Currency', 'balance', 'price', 'Exchange', 'Valuation'])
      expect(header).toContain(word);
    expect(text).toMatch(/JPSM-JPY\s+Japan Smaller Companies Opportunities Fund \(Accumulation\s+JPY/);
    // The asset-class table has its own headers, not the fund table's.
    expect(text).toMatch(/Asset class\s+Share of portfolio/);
  });

  it('parses each font once per thread and shapes each word once for all documents, printing the same text', async () => {
    const first = readPdf(await renderStatementsPdf([statement('kr', 'BLW1000007')], undefined), 'once-1');
    const done = { ...fontWork };
    const second = readPdf(await renderStatementsPdf([statement('kr', 'BLW1000007')], undefined), 'once-2');
    expect(done.parses).toBeGreaterThan(0);
    expect(fontWork).toEqual(done);
    expect(second.text).toBe(first.text);
  });
});

describe('font parse cache', () => {
  it('parses no face again over 20 documents in every language', async () => {
    const languages: Language[] = ['en', 'zh', 'ja', 'kr'];
    // Every face each language reaches is opened once here (the fallback faces included).
    for (const language of languages)
      await renderStatementsPdf([statement(language, 'BLW1000008')], undefined);
    const parsed = fontWork.parses;
    for (let i = 0; i < 20; i++)
      await renderStatementsPdf([statement(languages[i % 4] as Language, `BLW10000${10 + i}`)], undefined);
    expect(parsed).toBeGreaterThanOrEqual(3);
    expect(fontWork.parses).toBe(parsed);
  });

  it('recognises a font by its content, not by the Buffer object that carries it', () => {
    const require = createRequire(import.meta.url);
    const fontkit = fontkitParsingOnce(require);
    const file = require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf');
    const before = fontWork.parses;
    // Two reads of one file: equal bytes in two distinct Buffers, as a re-read or a cloning caller would hand over.
    const first = fontkit.create(readFileSync(file));
    const second = fontkit.create(readFileSync(file));
    expect(second).toBe(first);
    expect(fontWork.parses - before).toBeLessThanOrEqual(1);
  });
});

describe('statement PDF bytes', () => {
  it('are the same for the same statement, rendered twice', async () => {
    const doc = statement('ja', 'BLW1000009', 2);
    const first = await renderStatementsPdf([doc], undefined);
    const second = await renderStatementsPdf([structuredClone(doc)], undefined);
    expect(second.equals(first)).toBe(true);
    // The creation date is the valuation date, not the clock.
    expect(first.toString('latin1')).toMatch(/\(D:20261031000000Z\)/);
  });
});
