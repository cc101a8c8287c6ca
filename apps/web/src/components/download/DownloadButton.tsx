import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
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

function statusText(state: DownloadState, t: (key: string, values?: object) => string, language: string) {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'working': {
      const progress = state.progress;
      if (!progress) return t('download.preparing');
      const received = sizeText(progress.received, language);
      return progress.total
        ? t('download.progressOf', {
            received,
            total: sizeText(progress.total, language),
            percent: Math.floor((progress.received / progress.total) * 100),
          })
        : t('download.progress', { received });
    }
    case 'done':
      return t('download.done', { fileName: state.fileName });
    case 'failed':
      return t('download.failed', { message: state.message });
  }
}

/**
 * A button for a file that takes a while to make (a bundle of statements, an export): while the server works it is
 * busy, says so and counts what has arrived; it ends with the file saved or the reason it failed. The status line
 * is a polite live region, so screen readers hear the same.
 */
export function DownloadButton({
  path,
  query,
  fallbackName,
  children,
  disabled,
  ...buttonProps
}: {
  path: string;
  query?: QueryParams;
  fallbackName: string;
  children: string;
  disabled?: boolean;
} & Omit<ButtonProps, 'children' | 'loading'>) {
  const { t, i18n } = useTranslation();
  const { state, start, busy } = useFileDownload(fallbackName);
  const status = statusText(state, t as (key: string, values?: object) => string, i18n.language);
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
