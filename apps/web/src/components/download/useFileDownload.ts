import { useCallback, useEffect, useRef, useState } from 'react';
import { type FileProgress, fetchFile, isApiError, type QueryParams } from '../../lib/api-client';

export type DownloadState =
  | { phase: 'idle' }
  | { phase: 'working'; progress: FileProgress | null }
  | { phase: 'done'; fileName: string }
  | { phase: 'failed'; message: string };

/** Hands a fetched file to the browser's own download, under the server's file name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; a short delay keeps slow engines safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * One file download with its state, for long ones (statement bundles, exports): the page shows that it is working
 * and how far, then that it is done or why it failed. Leaving the screen cancels the transfer.
 */
export function useFileDownload(fallbackName: string) {
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (path: string, query?: QueryParams) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ phase: 'working', progress: null });
      try {
        const file = await fetchFile(path, {
          query,
          signal: own.signal,
          onProgress: (progress) => setState({ phase: 'working', progress }),
        });
        const fileName = file.fileName ?? fallbackName;
        saveFile(file.blob, fileName);
        setState({ phase: 'done', fileName });
      } catch (error) {
        if (own.signal.aborted) return;
        setState({ phase: 'failed', message: isApiError(error) ? error.message : String(error) });
      }
    },
    [fallbackName],
  );

  return { state, start, busy: state.phase === 'working' };
}
