import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@portal/contract';

/** The slice of pdfmake's CommonJS server API used here (the package ships no types). */
interface PdfMake {
  addFonts(fonts: Record<string, Record<string, string | [string, string]>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  localAccessPolicy?: unknown;
  virtualfs: { writeFileSync(name: string, data: Buffer): void; existsSync(name: string): boolean };
  createPdf(doc: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
}

export interface PdfRenderer {
  render(doc: Record<string, unknown>): Promise<Buffer>;
}

/** The PDF cannot be produced here (the CJK font is missing); everything else keeps working. */
export class PdfUnavailableError extends Error {}

/** Debian fonts-noto-cjk: one collection with the Traditional Chinese, Japanese and Korean faces. */
export const DEFAULT_CJK_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** PostScript name of the face per language: the same characters take each locale's glyph shapes. */
const FACE: Record<Language, string> = {
  en: 'NotoSansCJKtc-Regular',
  zh: 'NotoSansCJKtc-Regular',
  ja: 'NotoSansCJKjp-Regular',
  kr: 'NotoSansCJKkr-Regular',
};
const VFS_NAME = 'portal-cjk.ttc';
export const fontFamily = (language: Language) => `Portal-${language}`;

const require = createRequire(import.meta.url);
const engines = new Map<string, PdfRenderer>();

/**
 * pdfmake with the CJK collection loaded ONCE into its virtual file system (read from memory afterwards, never from
 * disk per document) and every URL or local file access refused. The font is loaded on first use, so a server
 * without it starts and serves everything else; only PDFs fail, with PdfUnavailableError.
 */
export function pdfEngine(fontPath: string): PdfRenderer {
  const cached = engines.get(fontPath);
  if (cached) return cached;
  let font: Buffer;
  try {
    font = readFileSync(fontPath);
  } catch {
    throw new PdfUnavailableError(
      `CJK font not found at ${fontPath} (install fonts-noto-cjk or set PDF_FONT_PATH)`,
    );
  }
  const pdfmake = require('pdfmake') as PdfMake;
  pdfmake.virtualfs.writeFileSync(VFS_NAME, font);
  // Fresh definitions for every document: pdfmake replaces the file name in a definition with the file's bytes.
  const fonts = () => {
    const table: Record<string, Record<string, [string, string]>> = {};
    for (const [language, face] of Object.entries(FACE)) {
      // One weight only: a second face doubles parsing and subsetting time; headings use size and colour instead.
      const def = (): [string, string] => [VFS_NAME, face];
      table[fontFamily(language as Language)] = {
        normal: def(),
        bold: def(),
        italics: def(),
        bolditalics: def(),
      };
    }
    return table;
  };
  const renderer: PdfRenderer = {
    render(doc) {
      // The pdfmake instance is shared with the demo seed, which replaces the font table and allows its bundled
      // Roboto folder: register our families before every document and keep a local policy that is already set.
      pdfmake.addFonts(fonts());
      pdfmake.setUrlAccessPolicy(() => false);
      if (pdfmake.localAccessPolicy === undefined) pdfmake.setLocalAccessPolicy(() => false);
      return pdfmake.createPdf(doc).getBuffer();
    },
  };
  engines.set(fontPath, renderer);
  return renderer;
}
