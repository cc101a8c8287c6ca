import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The slice of pdfmake's CommonJS server API the seed uses (the package ships no types). */
interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
let pdfmake: PdfMake | undefined;

function loadPdfMake(): PdfMake {
  if (pdfmake) return pdfmake;
  const instance = require('pdfmake') as PdfMake;
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  instance.setFonts({
    Roboto: {
      normal: join(fontDir, 'Roboto-Regular.ttf'),
      bold: join(fontDir, 'Roboto-Medium.ttf'),
      italics: join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  // Seed documents never fetch anything: only the bundled fonts may be read.
  instance.setUrlAccessPolicy(() => false);
  instance.setLocalAccessPolicy((path) => path.startsWith(fontDir));
  pdfmake = instance;
  return instance;
}

export interface SimplePdf {
  title: string;
  /** Label/value facts printed under the title. */
  facts: [string, string][];
  table?: { header: string[]; rows: string[][] };
  footnote?: string;
}

/**
 * A short, real PDF: title, facts, a small table and a footnote. Set in one weight on purpose: pdfmake parses and
 * subsets every font file a document uses, and a second weight doubled the demo seed's rendering time.
 */
export function renderSimplePdf(doc: SimplePdf): Promise<Buffer> {
  const content: unknown[] = [
    { text: doc.title, fontSize: 18, color: '#1f3a5f', margin: [0, 0, 0, 10] },
    {
      table: { widths: [140, '*'], body: doc.facts.map(([k, v]) => [{ text: k, color: '#555555' }, v]) },
      layout: 'noBorders',
      margin: [0, 0, 0, 12],
    },
  ];
  if (doc.table) {
    content.push({
      table: {
        headerRows: 1,
        widths: doc.table.header.map(() => '*'),
        body: [doc.table.header.map((h) => ({ text: h, fillColor: '#e8eef5' })), ...doc.table.rows],
      },
      layout: 'lightHorizontalLines',
      fontSize: 9,
    });
  }
  if (doc.footnote)
    content.push({ text: doc.footnote, fontSize: 8, color: '#555555', margin: [0, 16, 0, 0] });
  return loadPdfMake()
    .createPdf({
      info: { title: doc.title, creator: 'Portal demo data' },
      pageSize: 'A4',
      content,
      defaultStyle: { font: 'Roboto', fontSize: 10 },
    })
    .getBuffer();
}
