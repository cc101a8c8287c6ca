import type { CommissionStatementDocument } from './commission-statement-model.js';
import { fontFamily, pdfEngine } from './pdf-engine.js';
import { HEADER_HEIGHT, letterhead, PAGE_MARGIN_X } from './statement-pdf-frame.js';

/*
 * A commission statement as an A4 landscape PDF (GET /b2b/commissions/download_statement). Runs in the render pool;
 * the shared engine brings the CJK faces and the per-character font fallback. Same palette as the detail PDFs; every
 * page carries the firm's letterhead, drawn by the client statements' own code (statement-pdf-frame.ts).
 */

/** A4 landscape width in points. */
const PAGE_WIDTH = 841.89;

const LABEL = '#5b6673';
const HEAD = { fillColor: '#e8eef5' };
const TITLE = '#1f3a5f';

function currencyTable(
  doc: CommissionStatementDocument,
  block: CommissionStatementDocument['currencies'][number],
) {
  const align = (i: number) => (doc.amountColumns.includes(i) ? 'right' : 'left');
  const last = doc.columns.length - 1;
  return [
    { text: block.heading, fontSize: 11, color: TITLE, margin: [0, 10, 0, 4] },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: doc.columns.map((_, i) => (i === 2 ? '*' : 'auto')),
        body: [
          doc.columns.map((c, i) => ({ text: c, alignment: align(i), ...HEAD })),
          ...block.rows.map((r) => r.map((cell, i) => ({ text: cell || '-', alignment: align(i) }))),
          doc.columns.map((_, i) => {
            if (i === 0) return { text: block.totalLabel, colSpan: last, bold: true };
            if (i === last) return { text: block.total, alignment: 'right', bold: true };
            return {};
          }),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

/** The PDF definition (exported for tests that inspect the layout without rendering). */
export function commissionStatementPdfDefinition(doc: CommissionStatementDocument): Record<string, unknown> {
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [PAGE_MARGIN_X, HEADER_HEIGHT, PAGE_MARGIN_X, 44],
    info: { title: doc.title, author: doc.firm.name },
    header: () => letterhead(doc.firm, doc.letterheadTexts, PAGE_WIDTH),
    defaultStyle: { font: fontFamily(doc.language), fontSize: 8.5 },
    content: [
      { text: doc.title, fontSize: 16, color: TITLE },
      {
        margin: [0, 8, 0, 0],
        table: {
          widths: [130, '*'],
          body: doc.facts.map((f) => [{ text: f.label, color: LABEL }, f.value || '-']),
        },
        layout: 'lightHorizontalLines',
      },
      ...(doc.currencies.length === 0
        ? [{ text: doc.empty, color: LABEL, margin: [0, 12, 0, 0] }]
        : doc.currencies.flatMap((block) => currencyTable(doc, block))),
      ...doc.notes.map((n) => ({ text: n, fontSize: 8, color: LABEL, margin: [0, 8, 0, 0] })),
      { text: doc.printedOn, fontSize: 8, color: LABEL, margin: [0, 12, 0, 0] },
    ],
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: LABEL,
    }),
  };
}

export async function renderCommissionStatementPdf(
  doc: CommissionStatementDocument,
  fontPath: string | undefined,
): Promise<Uint8Array> {
  return pdfEngine(fontPath).render(commissionStatementPdfDefinition(doc));
}
