import { Stack, Text, Title } from '@mantine/core';
import type { ReportDefinition } from '@portal/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListResults } from '../../../components/search-list/ListResults';
import { listColumns } from '../../../components/search-list/list-columns';
import type { SearchList } from '../../../components/search-list/useSearchList';
import { formatInteger } from '../../../lib/format';
import { useLocale } from '../../../lib/locale';

export type ReportRow = Record<string, unknown>;

/**
 * The preview of the report that was run: its title, the row count ("10,000+" when the server stopped counting)
 * and the first page of rows in the list table, with the report's columns (formatted by kind), its sort and paging.
 */
export function ReportPreview({
  list,
  definition,
}: {
  list: SearchList<Record<string, unknown>, ReportRow>;
  definition: ReportDefinition;
}) {
  const { t } = useTranslation('reports');
  const { language } = useLocale();
  const headingId = useId();
  const title = definition.title[language] ?? definition.title.en;
  const page = list.query.data;
  const columns = useMemo(() => listColumns<ReportRow>(definition, language), [definition, language]);
  // Report rows have no common id; each row object is its own key for as long as the page is on screen.
  const rowKeys = useMemo(() => new WeakMap((page?.items ?? []).map((row, index) => [row, index])), [page]);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {page && (
        <Text size="sm" data-testid="report-count">
          {page.totalIsLowerBound
            ? t('preview.countAtLeast', { total: formatInteger(page.totalSize) })
            : t('preview.count', { count: page.totalSize, total: formatInteger(page.totalSize) })}
        </Text>
      )}
      <ListResults
        list={list}
        columns={columns}
        rowKey={(row) => rowKeys.get(row) ?? 0}
        caption={t('preview.caption', { title })}
      />
    </Stack>
  );
}
