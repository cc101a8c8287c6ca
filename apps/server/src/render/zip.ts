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
 * When `signal` aborts (the client left) or the stream is destroyed, no further entry is produced.
 */
export function zipStream(
  entries: ZipEntry[],
  onError: (error: unknown) => void,
  signal?: AbortSignal,
): Readable {
  // PDFs are already deflated: store them and spend no CPU on a second compression.
  const archive = new ZipArchive({ store: true });
  const stopped = () => signal?.aborted === true || archive.destroyed;
  // Nobody reads an abandoned archive any more: free it (destroying twice is harmless).
  const abandon = () => archive.destroy();
  (async () => {
    for (const entry of entries) {
      if (stopped()) return abandon();
      const data = await entry.content();
      if (stopped()) return abandon();
      const written = once(archive, 'entry', signal ? { signal } : {});
      archive.append(data, { name: entry.name });
      await written;
    }
    await archive.finalize();
  })().catch((error: unknown) => {
    // An abandoned download is not a failure: its renders were cancelled on purpose.
    if (stopped()) return abandon();
    onError(error);
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}
