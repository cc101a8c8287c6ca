import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/** The slice of fontkit's font used here. */
interface Font {
  layout(text: string, features?: unknown): GlyphRun;
}
interface GlyphRun {
  positions: object[];
}
interface Fontkit {
  create(data: Uint8Array, postscriptName?: string): Font;
}

/**
 * Work done in this thread (tests check that documents reuse parsed faces and shaped words): `parses` counts the
 * distinct (font file content, face) pairs, and must not grow with the number of documents.
 */
export const fontWork = { parses: 0, shapedWords: 0 };

/** Words shaped per face before the cache starts over: a statement uses a few thousand; numbers vary without end. */
const MAX_SHAPED_WORDS = 50_000;

/**
 * Shaping a word (cmap, then the GSUB/GPOS lookups) is the same for every document, and pdfkit only caches it per
 * document. Remember it per face; hand out copies, because pdfkit scales a run's positions in place.
 */
function shapeOnce(font: Font): void {
  const shape = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text, features) => {
    if (features !== undefined) return shape(text, features);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= MAX_SHAPED_WORDS) runs.clear();
      fontWork.shapedWords++;
      run = shape(text);
      runs.set(text, run);
    }
    const copy = Object.create(Object.getPrototypeOf(run)) as GlyphRun;
    Object.assign(copy, run, {
      positions: run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p)), p)),
    });
    return copy;
  };
}

/**
 * pdfkit parses every font it embeds with `fontkit.create` once per DOCUMENT: for the multi-megabyte CJK faces that
 * table decoding, and then shaping each word again, were about half of a statement's CPU (decision 015). A parsed
 * font is read-only to pdfkit (each document builds its own subset), so one parse per font file and face serves every
 * document of the thread. fontkit's exports cannot be redefined, so pdfkit is given, through the CommonJS module
 * cache and before it first loads, a fontkit whose `create` remembers its fonts. Call before requiring pdfmake.
 * `require` is the caller's (it resolves pdfkit where pdfmake does).
 */
export function fontkitParsingOnce(require: NodeJS.Require): Fontkit {
  const fontkitPath = createRequire(require.resolve('pdfkit')).resolve('fontkit');
  const fontkit = require(fontkitPath) as Fontkit;
  const cached = require.cache[fontkitPath];
  if (!cached) return fontkit;
  if ((cached.exports as { portalParsesOnce?: true }).portalParsesOnce) return cached.exports as Fontkit;
  // The same bytes usually come back as the same object (pdfmake's virtual file system stores one Buffer per file),
  // and the WeakMap answers those at once. Anything that hands over a copy (a Buffer re-read from disk, a slice, a
  // future pdfmake that clones) would otherwise parse a multi-megabyte face again for every document, which is what a
  // per-document parse costs (hundreds of ms on the CJK collection): so parses are keyed on the content too.
  const byObject = new WeakMap<Uint8Array, Map<string, Font>>();
  const byContent = new Map<string, Map<string, Font>>();
  const facesOf = (data: Uint8Array) => {
    let faces = byObject.get(data);
    if (!faces) {
      const fingerprint = contentFingerprint(data);
      faces = byContent.get(fingerprint);
      if (!faces) {
        faces = new Map();
        byContent.set(fingerprint, faces);
      }
      byObject.set(data, faces);
    }
    return faces;
  };
  const create = (data: Uint8Array, postscriptName?: string) => {
    const faces = facesOf(data);
    let font = faces.get(postscriptName ?? '');
    if (!font) {
      fontWork.parses++;
      font = fontkit.create(data, postscriptName);
      shapeOnce(font);
      faces.set(postscriptName ?? '', font);
    }
    return font;
  };
  cached.exports = Object.create(fontkit, { create: { value: create }, portalParsesOnce: { value: true } });
  return cached.exports as Fontkit;
}

/** Bytes hashed from each end of a font file: enough to tell fonts apart, cheap beside a parse. */
const FINGERPRINT_SPAN = 64 * 1024;

/**
 * A key for a font file's content without hashing all of it (tens of MB): its length, its start (the table
 * directory, which holds every table's checksum, and the head table) and its end. Two different font files that
 * agree on all three are not a case that occurs.
 */
function contentFingerprint(data: Uint8Array): string {
  const hash = createHash('sha256');
  hash.update(String(data.byteLength));
  hash.update(data.subarray(0, FINGERPRINT_SPAN));
  hash.update(data.subarray(Math.max(0, data.byteLength - FINGERPRINT_SPAN)));
  return hash.digest('hex');
}
