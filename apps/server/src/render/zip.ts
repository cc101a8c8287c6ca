import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';

export interface ZipEntry {
  name: string;
  /** Produced only when the archive is ready for it, so one entry at a time is in memory. */
  content: () => Promise<Buffer>;
}

/**
 * A ZIP streamed as its entries are produced. Each entry is rendered, appended, and fully written into the
 * archive before the next one is rendered; a slow reader slows the rendering down instead of filling memory.
 * A failure part-way destroys the stream (the download is cut short), so validate everything before calling.
 */
export function zipStream(entries: ZipEntry[], onError: (error: unknown) => void): Readable {
  // PDFs are already deflated: store them and spend no CPU on a second compression.
  const archive = new ZipArchive({ store: true });
  (async () => {
    for (const entry of entries) {
      const data = await entry.content();
      const written = once(archive, 'entry');
      archive.append(data, { name: entry.name });
      await written;
    }
    await archive.finalize();
  })().catch((error: unknown) => {
    onError(error);
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}
