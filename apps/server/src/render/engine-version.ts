import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { NPM_FACE_FILES } from './pdf-engine.js';

/**
 * Revisions of the portal's own statement renderers. Raise one whenever its output changes for the same statement
 * (a layout, a text, a style): cached documents are keyed on it (modules/statements/document-cache.ts), so the old
 * renderings are then no longer served. The libraries and fonts below are covered without a bump.
 */
export const STATEMENT_PDF_REVISION = 2;
export const STATEMENT_HTML_REVISION = 2;

const require = createRequire(import.meta.url);

/** The version in the package.json above a resolved file of a package (some packages do not export theirs). */
function versionAbove(file: string, name: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === name) return manifest.version ?? 'unknown';
    } catch {
      // No package.json at this level: keep climbing.
    }
  }
  return 'unknown';
}

/** Bytes read from each end of a font file to tell it apart (its table directory and checksums are at the start). */
const FINGERPRINT_SPAN = 64 * 1024;

/**
 * A font file by content, the same on every host (not by path or modification time, so that processes on several
 * machines share the cached documents): its size and a hash of its two ends.
 */
function fontFileIdentity(path: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(size, FINGERPRINT_SPAN));
    readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, FINGERPRINT_SPAN));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    const hash = createHash('sha256').update(head).update(tail).digest('hex').slice(0, 16);
    return `font:${size}:${hash}`;
  } catch {
    // The PDF route answers 503 for a missing font; the key only has to differ from a present one.
    return 'font:missing';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const engineVersions = new Map<string, string>();

/**
 * Everything besides the statement itself that decides a statement PDF's bytes: the renderer's revision, the
 * versions of pdfmake, pdfkit and fontkit actually loaded, and the font files (PDF_FONT_PATH, or the npm faces).
 * Computed once per font setting.
 */
export function statementPdfEngineVersion(fontPath: string | undefined): string {
  const cached = engineVersions.get(fontPath ?? '');
  if (cached) return cached;
  const pdfmake = require.resolve('pdfmake');
  const pdfkit = createRequire(pdfmake).resolve('pdfkit');
  const fontkit = createRequire(pdfkit).resolve('fontkit');
  const fonts =
    fontPath === undefined
      ? Object.values(NPM_FACE_FILES).map((file) => {
          try {
            return fontFileIdentity(require.resolve(file));
          } catch {
            return 'font:missing';
          }
        })
      : [fontFileIdentity(fontPath)];
  const version = [
    `statement-pdf/${STATEMENT_PDF_REVISION}`,
    `pdfmake@${versionAbove(pdfmake, 'pdfmake')}`,
    `pdfkit@${versionAbove(pdfkit, 'pdfkit')}`,
    `fontkit@${versionAbove(fontkit, 'fontkit')}`,
    ...fonts,
  ].join(' ');
  engineVersions.set(fontPath ?? '', version);
  return version;
}

/** The HTML renderer has no library or font of its own: its revision is its version. */
export const statementHtmlEngineVersion = () => `statement-html/${STATEMENT_HTML_REVISION}`;
