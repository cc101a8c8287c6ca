import type { FastifyReply } from 'fastify';
import type { StoredFile } from './file-store.js';

/** Control characters (C0 with CR/LF and tab, DEL, C1) and the line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/**
 * Bidirectional controls, invisible but reordering what is shown: `invoice\u202Efdp.exe` reads as `invoice.exe.pdf`
 * (U+061C, U+200E/200F, U+202A–202E, U+2066–2069).
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Path separators: in a name they would name a folder. */
const PATH_SEPARATORS = /[/\\]/g;

/**
 * A download's name as the person will see it on disk: bidirectional controls removed, control characters turned
 * into spaces, path separators into "-" (a month 2026/10 reads 2026-10), runs of spaces collapsed, leading spaces,
 * dots (a hidden file, `../`) and dashes dropped, trailing spaces and dashes too, and a plain "download" left when nothing remains. Names come from
 * the database (a document's stored name, a client's name in a statement's), so every download goes through here
 * (contentDisposition).
 */
export function safeFileName(fileName: string): string {
  const cleaned = fileName
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROLS, ' ')
    .replace(PATH_SEPARATORS, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s-]+$/g, '');
  return cleaned === '' ? 'download' : cleaned;
}

/**
 * `attachment; filename="ascii"; filename*=UTF-8''…` so every browser gets a sensible, safe name: both forms of
 * the name come from safeFileName, so neither carries what it removes.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fileName = safeFileName(name);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Streams a stored file with its type, size, ETag and a meaningful name; private to the signed-in user. */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  fileName: string,
  kind: 'inline' | 'attachment' = 'inline',
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('etag', `"${file.sha256}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(kind, fileName))
    .send(file.body);
}
