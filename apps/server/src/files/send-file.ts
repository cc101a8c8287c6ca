import type { FastifyReply } from 'fastify';
import type { StoredFile } from './file-store.js';

/** `attachment; filename="ascii"; filename*=UTF-8''…` so every browser gets a sensible, safe name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
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
