import type { Language, LocalizedLabel } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../lib/api-client';
import { useLocale } from '../../lib/locale';
import { DownloadButton } from '../download/DownloadButton';
import type { Criteria } from './criteria-url';
import type { SearchList } from './useSearchList';

/** `new-business-2026-11-24.xlsx`: used only when the server names no file. */
function fallbackFileName(fileName: LocalizedLabel, language: Language): string {
  return `${fileName[language] ?? fileName.en}-${new Date().toISOString().slice(0, 10)}.xlsx`;
}

/**
 * Excel export of the current search: `GET <path>?<criteria without page and size>` (docs/producer/exports.md), fetched
 * in the page with progress and the server's reason on failure (DownloadButton); disabled while nothing matches.
 */
export function ExportButton<C extends Criteria, Row>({
  list,
  path,
  fileName,
  query,
  disabled,
  describedBy,
}: {
  list: SearchList<C, Row>;
  path: string;
  fileName: LocalizedLabel;
  /** The export's query when it is not the list's (the report export joins excludeStatus with commas). */
  query?: QueryParams;
  /** Disabled whatever the count (the form shows another report than the one run, no client chosen). */
  disabled?: boolean;
  /** Id of the text that says why it is disabled (DisabledReason). */
  describedBy?: string;
}) {
  const { t } = useTranslation('lists');
  const { language } = useLocale();
  const total = list.query.data?.totalSize ?? 0;
  return (
    <DownloadButton
      path={path}
      query={query ?? list.exportQuery}
      fallbackName={fallbackFileName(fileName, language)}
      variant="light"
      disabled={disabled || total === 0 || list.query.isPlaceholderData}
      aria-describedby={describedBy}
    >
      {t('export')}
    </DownloadButton>
  );
}
