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

/** Work done in this thread (tests check that documents reuse parsed faces and shaped words). */
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
  const parsed = new WeakMap<Uint8Array, Map<string, Font>>();
  const create = (data: Uint8Array, postscriptName?: string) => {
    let faces = parsed.get(data);
    if (!faces) {
      faces = new Map();
      parsed.set(data, faces);
    }
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
