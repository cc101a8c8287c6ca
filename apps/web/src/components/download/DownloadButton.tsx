import { Button, type ButtonProps, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../lib/api-client';
import { type DownloadState, useFileDownload } from './useFileDownload';

/** "1.4 MB" in the user's number format. */
function sizeText(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

function statusText(
  state: DownloadState,
  t: (key: string, values?: object) => string,
  language: string,
  preparing: string | undefined,
) {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'working': {
      const progress = state.progress;
      if (!progress) return t('download.stage', { step: 1, text: preparing ?? t('download.preparing') });
      const received = sizeText(progress.received, language);
      const text = progress.total
        ? t('download.progressOf', {
            received,
            total: sizeText(progress.total, language),
            percent: Math.floor((progress.received / progress.total) * 100),
          })
        : t('download.progress', { received });
      return t('download.stage', { step: 2, text });
    }
    case 'done':
      return t('download.done', { fileName: state.fileName });
    case 'failed':
      return t('download.failed', { message: state.message });
  }
}

/** How far the bar is: null while nothing can be measured (the server still making the file, or no length). */
function percentOf(state: DownloadState): number | null {
  if (state.phase !== 'working' || !state.progress?.total) return null;
  return Math.min(100, (state.progress.received / state.progress.total) * 100);
}

/**
 * A button for a file that takes a while to make (a bundle of statements, an export), in two stages: while the
 * server makes the file (a combined PDF is rendered whole before its first byte) the bar runs and the line says what
 * is being prepared; once the file arrives the bar fills by its Content-Length (a streamed ZIP, without one, keeps
 * running and counts what arrived). It ends with the file saved or the reason it failed. The status line is a polite
 * live region, so screen readers hear each stage; the bar only repeats it and is hidden from them.
 */
export function DownloadButton({
  path,
  query,
  fallbackName,
  children,
  disabled,
  preparing,
  ...buttonProps
}: {
  path: string;
  query?: QueryParams;
  fallbackName: string;
  children: string;
  disabled?: boolean;
  /** What the server is making, for the first stage ("Preparing 3 statements…"); a generic line otherwise. */
  preparing?: string;
} & Omit<ButtonProps, 'children' | 'loading'>) {
  const { t, i18n } = useTranslation();
  const { state, start, busy } = useFileDownload(fallbackName);
  const status = statusText(state, t as (key: string, values?: object) => string, i18n.language, preparing);
  const percent = percentOf(state);
  return (
    <Stack gap={2} align="flex-start">
      <Button
        {...buttonProps}
        disabled={disabled}
        loading={busy}
        aria-busy={busy}
        onClick={() => start(path, query)}
      >
        {children}
      </Button>
      {busy && (
        <Progress
          aria-hidden
          data-download-progress={percent === null ? 'running' : Math.floor(percent)}
          w="100%"
          miw={120}
          size="sm"
          radius="xl"
          value={percent ?? 100}
          striped={percent === null}
          animated={percent === null}
          transitionDuration={200}
        />
      )}
      <Text
        size="xs"
        role="status"
        aria-live="polite"
        c={state.phase === 'failed' ? 'red.9' : 'dimmed'}
        data-download-status={state.phase}
      >
        {status}
      </Text>
    </Stack>
  );
}
