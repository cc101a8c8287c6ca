import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable, type RowSelection } from '../data-table/DataTable';
import { DataTablePager } from '../data-table/DataTablePager';
import { LoadingState } from '../LoadingState';
import type { Criteria } from './criteria-url';
import type { SearchList } from './useSearchList';

/**
 * The result table of a search list in the server-paged, server-sorted mode: loading, the server's error
 * ("Fail fetching data" and its message), an empty result, rows with the pager under them. On a screen narrower
 * than the table its key columns and row actions stay pinned while the rest scrolls; on phones each row is a card.
 */
export function ListResults<C extends Criteria, Row>({
  list,
  columns,
  rowKey,
  caption,
  onRowActivate,
  rowLabel,
  selection,
  rowActions,
  emptyText,
}: {
  list: SearchList<C, Row>;
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string | number;
  caption: string;
  onRowActivate?: (row: Row) => void;
  rowLabel?: (row: Row) => string;
  selection?: RowSelection<Row>;
  rowActions?: { header: string; render: (row: Row) => ReactNode };
  /** What an empty result says, when the list has its own words for it (default: the generic "no data"). */
  emptyText?: string;
}) {
  const { t } = useTranslation('lists');
  const { query, criteria } = list;
  const page = query.data;
  const sortField = typeof criteria.sortField === 'string' ? criteria.sortField : undefined;
  const sortOrder = criteria.sortOrder === 'desc' ? 'desc' : 'asc';
  const error = query.isError ? (
    <Alert color="red" variant="light" role="alert" title={t('common:app.failFetchingData')}>
      {query.error instanceof Error ? query.error.message : String(query.error)}
    </Alert>
  ) : null;

  if (!page) {
    return error ?? <LoadingState />;
  }
  return (
    <Stack gap="xs">
      {error}
      <DataTable
        columns={columns}
        rows={page.items}
        rowKey={rowKey}
        caption={caption}
        sort={sortField ? { column: sortField, direction: sortOrder } : undefined}
        onSortChange={(column) => list.changeSort(column)}
        sortHint={(direction) =>
          direction ? t(direction === 'asc' ? 'sort.ascending' : 'sort.descending') : t('sort.none')
        }
        onRowActivate={onRowActivate}
        rowLabel={rowLabel}
        selection={selection}
        rowActions={rowActions}
        loading={query.isFetching}
        emptyText={emptyText ?? t('empty')}
        minWidth={900}
        footer={
          <DataTablePager
            label={t('pager.label', { caption })}
            page={Number(criteria.page) || 1}
            sizePerPage={Number(criteria.sizePerPage) || 10}
            totalSize={page.totalSize}
            totalIsLowerBound={page.totalIsLowerBound}
            onChange={list.changePage}
          />
        }
      />
    </Stack>
  );
}
