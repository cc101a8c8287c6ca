import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@portal/contract';
import { fontkitParsingOnce } from './font-cache.js';

/** The slice of pdfmake's CommonJS server API used here (the package ships no types). */
interface PdfMake {
  addFonts(fonts: Record<string, Record<string, string | [string, string]>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  localAccessPolicy?: unknown;
  virtualfs: { writeFileSync(name: string, data: Buffer): void; existsSync(name: string): boolean };
  createPdf(doc: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
}

/** The slice of fontkit used to learn which characters a face draws. */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
interface Fontkit {
  create(data: Buffer, postscriptName?: string): FontkitFont;
}

export interface PdfRenderer {
  render(doc: Record<string, unknown>): Promise<Buffer>;
}

/** The PDF cannot be produced here (the configured font is missing); everything else keeps working. */
export class PdfUnavailableError extends Error {}

/** Region faces of Noto Sans CJK. Each draws Latin, kana and Han; only the KR face draws hangul. */
export type CjkFace = 'tc' | 'jp' | 'kr';

/**
 * The Google Fonts cut of Noto Sans TC / JP / KR as npm packages (OFL-1.1, full character set per region in one
 * TrueType file each, not unicode-range slices): `npm ci` is all a machine needs to print statements.
 */
export const NPM_FACE_FILES: Record<CjkFace, string> = {
  tc: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  kr: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
};

/** PostScript names of the faces in a Noto Sans CJK collection (Debian fonts-noto-cjk, PDF_FONT_PATH=….ttc). */
const TTC_FACE_NAMES: Record<CjkFace, string> = {
  tc: 'NotoSansCJKtc-Regular',
  jp: 'NotoSansCJKjp-Regular',
  kr: 'NotoSansCJKkr-Regular',
};

/**
 * The face each language prints in (the same Han character takes each locale's glyph shape), then the faces that
 * draw what it cannot, in order: a Korean name on a Chinese statement is set in the KR face, not left blank.
 */
export const FACE_ORDER: Record<Language, readonly CjkFace[]> = {
  en: ['tc', 'jp', 'kr'],
  zh: ['tc', 'jp', 'kr'],
  ja: ['jp', 'tc', 'kr'],
  kr: ['kr', 'tc', 'jp'],
};

/** The pdfmake font family of a face. */
export const faceFamily = (face: CjkFace) => `Portal-${face}`;
/** The pdfmake font family a language's statement starts in. */
export const fontFamily = (language: Language) => faceFamily(FACE_ORDER[language][0] ?? 'tc');

const require = createRequire(import.meta.url);

interface LoadedFace {
  /** pdfmake font definition: the virtual file, with the PostScript name when it is a face of a collection. */
  definition: () => string | [string, string];
  glyphs: FontkitFont;
}

/** Where the faces come from: the npm packages, or one font file named by PDF_FONT_PATH. */
function loadFaces(
  fontPath: string | undefined,
  pdfmake: PdfMake,
  fontkit: Fontkit,
): Record<CjkFace, LoadedFace> {
  const read = (path: string, hint: string) => {
    try {
      return readFileSync(path);
    } catch {
      throw new PdfUnavailableError(`CJK font not found at ${path} (${hint})`);
    }
  };
  const faces = {} as Record<CjkFace, LoadedFace>;
  if (fontPath === undefined) {
    for (const face of Object.keys(NPM_FACE_FILES) as CjkFace[]) {
      const file = NPM_FACE_FILES[face];
      const bytes = read(require.resolve(file), 'run npm ci, or set PDF_FONT_PATH');
      const name = `portal-${face}.ttf`;
      pdfmake.virtualfs.writeFileSync(name, bytes);
      faces[face] = { definition: () => name, glyphs: fontkit.create(bytes) };
    }
    return faces;
  }
  const bytes = read(fontPath, 'check PDF_FONT_PATH, or unset it to use the fonts installed by npm');
  const name = 'portal-override-font';
  pdfmake.virtualfs.writeFileSync(name, bytes);
  // A collection holds one face per region; a single font file serves every language as it is.
  const collection = bytes.subarray(0, 4).toString('latin1') === 'ttcf';
  for (const face of Object.keys(TTC_FACE_NAMES) as CjkFace[]) {
    const postscript = TTC_FACE_NAMES[face];
    faces[face] = collection
      ? { definition: () => [name, postscript], glyphs: fontkit.create(bytes, postscript) }
      : { definition: () => name, glyphs: fontkit.create(bytes) };
  }
  return faces;
}

type Node = unknown;
/** Text every face draws (Basic Latin to Latin Extended-B), which needs no per-character lookup. */
const LATIN_ONLY = /^[ -\u024f]*$/;
type TextRun = string | { text: string; font: string };

/**
 * Splits a text into runs of the first face (in the language's order) that draws each character, so that pdfmake,
 * which has no font fallback of its own, prints every script. A text the primary face draws whole stays a string.
 */
function fallbackSplitter(faces: Record<CjkFace, LoadedFace>, order: readonly CjkFace[]) {
  const chosen = new Map<number, CjkFace>();
  const faceFor = (codePoint: number): CjkFace => {
    let face = chosen.get(codePoint);
    if (!face) {
      face = order.find((f) => faces[f].glyphs.hasGlyphForCodePoint(codePoint)) ?? (order[0] as CjkFace);
      chosen.set(codePoint, face);
    }
    return face;
  };
  const primary = order[0] as CjkFace;
  return (text: string): string | TextRun[] => {
    // Latin text (the common case) needs no lookup: every face draws it.
    if (LATIN_ONLY.test(text)) return text;
    const runs: { face: CjkFace; text: string }[] = [];
    for (const char of text) {
      const face = faceFor(char.codePointAt(0) ?? 0);
      const last = runs[runs.length - 1];
      if (last && last.face === face) last.text += char;
      else runs.push({ face, text: char });
    }
    if (runs.every((r) => r.face === primary)) return text;
    return runs.map((r) => (r.face === primary ? r.text : { text: r.text, font: faceFamily(r.face) }));
  };
}

/** Applies the splitter to every text of a pdfmake document definition (content, tables, stacks, columns). */
function withFallback(node: Node, split: (text: string) => string | TextRun[]): Node {
  if (typeof node === 'string') {
    const runs = split(node);
    return typeof runs === 'string' ? runs : { text: runs };
  }
  if (Array.isArray(node)) return node.map((n) => withFallback(n, split));
  if (node === null || typeof node !== 'object') return node;
  const object = { ...(node as Record<string, unknown>) };
  if (typeof object.text === 'string') {
    object.text = split(object.text);
  } else if (Array.isArray(object.text)) {
    object.text = object.text.flatMap((part) => {
      if (typeof part === 'string') return split(part);
      return [withFallback(part, split)];
    });
  }
  for (const key of ['stack', 'columns', 'ul', 'ol', 'section']) {
    if (Array.isArray(object[key])) object[key] = withFallback(object[key], split);
  }
  // Page headers and footers, of the document or of a section, are functions of the page number.
  for (const key of ['header', 'footer']) {
    const part = object[key];
    if (typeof part === 'function') object[key] = (...args: unknown[]) => withFallback(part(...args), split);
    else if (part !== undefined && part !== null) object[key] = withFallback(part, split);
  }
  const table = object.table as { body?: unknown[] } | undefined;
  if (table && Array.isArray(table.body)) object.table = { ...table, body: withFallback(table.body, split) };
  return object;
}

const engines = new Map<string, PdfRenderer>();

/**
 * pdfmake with the CJK faces loaded ONCE per process into its virtual file system (documents read them from memory,
 * never from disk) and every URL or local file access refused. Fonts load on first use, so a server whose
 * PDF_FONT_PATH is wrong still starts and serves everything; only PDFs fail, with PdfUnavailableError.
 * `fontPath` undefined: the npm packages' Noto Sans TC/JP/KR.
 */
export function pdfEngine(fontPath: string | undefined): PdfRenderer {
  const key = fontPath ?? '';
  const cached = engines.get(key);
  if (cached) return cached;
  const fontkit = fontkitParsingOnce(require) as unknown as Fontkit;
  const pdfmake = require('pdfmake') as PdfMake;
  const faces = loadFaces(fontPath, pdfmake, fontkit);
  const splitters = new Map(
    (Object.keys(FACE_ORDER) as Language[]).map((language) => [
      fontFamily(language),
      fallbackSplitter(faces, FACE_ORDER[language]),
    ]),
  );
  // Fresh definitions for every document: pdfmake replaces the file name in a definition with the file's bytes.
  const fonts = () => {
    const table: Record<string, Record<string, string | [string, string]>> = {};
    for (const face of Object.keys(faces) as CjkFace[]) {
      // One weight only: a second face doubles parsing and subsetting time; headings use size and colour instead.
      const def = faces[face].definition;
      table[faceFamily(face)] = { normal: def(), bold: def(), italics: def(), bolditalics: def() };
    }
    return table;
  };
  const renderer: PdfRenderer = {
    render(doc) {
      const family = (doc.defaultStyle as { font?: string } | undefined)?.font ?? fontFamily('en');
      const split = splitters.get(family) ?? fallbackSplitter(faces, FACE_ORDER.en);
      const { header, footer, content } = doc;
      const frame = withFallback({ header, footer }, split) as Record<string, unknown>;
      const definition = { ...doc, ...frame, content: withFallback(content, split) };
      // The pdfmake instance is shared with the demo seed, which replaces the font table and allows its bundled
      // Roboto folder: register our families before every document and keep a local policy that is already set.
      pdfmake.addFonts(fonts());
      pdfmake.setUrlAccessPolicy(() => false);
      if (pdfmake.localAccessPolicy === undefined) pdfmake.setLocalAccessPolicy(() => false);
      return pdfmake.createPdf(definition).getBuffer();
    },
  };
  engines.set(key, renderer);
  return renderer;
}
