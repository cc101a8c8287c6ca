import type { DetailDocument, DetailSection } from './detail-model.js';
import { orDash } from './detail-model.js';
import { fontFamily, pdfEngine } from './pdf-engine.js';

/*
 * A producer detail record as an A4 portrait PDF (GET /b2b/policy_detail/{id}.pdf, /b2b/client_detail/{id}.pdf).
 * Runs in the render pool; the shared engine brings the CJK faces and the per-character font fallback.
 */

const LABEL = '#5b6673';
const HEAD = { fillColor: '#e8eef5' };

function section(s: DetailSection): unknown[] {
  const heading = { text: s.heading, fontSize: 11, color: '#1f3a5f', margin: [0, 10, 0, 4] };
  switch (s.kind) {
    case 'facts':
      return [
        heading,
        {
          table: {
            widths: [150, '*'],
            body: s.facts.map((f) => [{ text: f.label, color: LABEL }, orDash(f.value)]),
          },
          layout: 'lightHorizontalLines',
        },
      ];
    case 'table':
      if (s.rows.length === 0) return [heading, { text: s.empty, color: LABEL }];
      return [
        heading,
        {
          table: {
            headerRows: 1,
            widths: s.columns.map(() => '*'),
            body: [
              s.columns.map((c) => ({ text: c, ...HEAD })),
              ...s.rows.map((r) => r.map((cell) => orDash(cell))),
            ],
          },
          layout: 'lightHorizontalLines',
        },
      ];
    case 'text':
      return [heading, { text: orDash(s.text) }];
  }
}

/** The PDF definition (exported for tests that inspect the layout without rendering). */
export function detailPdfDefinition(doc: DetailDocument): Record<string, unknown> {
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: { title: doc.subtitle ? `${doc.title} ${doc.subtitle}` : doc.title },
    defaultStyle: { font: fontFamily(doc.language), fontSize: 9 },
    content: [
      { text: doc.title, fontSize: 16, color: '#1f3a5f' },
      ...(doc.subtitle ? [{ text: doc.subtitle, fontSize: 11, color: LABEL, margin: [0, 2, 0, 0] }] : []),
      ...doc.sections.flatMap(section),
      ...(doc.printedOn ? [{ text: doc.printedOn, fontSize: 8, color: LABEL, margin: [0, 16, 0, 0] }] : []),
    ],
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: LABEL,
    }),
  };
}

export async function renderDetailPdf(
  doc: DetailDocument,
  fontPath: string | undefined,
): Promise<Uint8Array> {
  return pdfEngine(fontPath).render(detailPdfDefinition(doc));
}
