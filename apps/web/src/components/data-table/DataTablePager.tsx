import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZES } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../lib/format';

export interface PagerProps {
  page: number;
  sizePerPage: number;
  totalSize: number;
  /** The server stopped counting (contract LIST_COUNT_LIMIT): the total shows as "10,000+". */
  totalIsLowerBound: boolean;
  onChange: (change: { page?: number; sizePerPage?: number }) => void;
  /** Names the pager for screen readers ("New Business pages"). */
  label: string;
}

/** "n–m of total" for a page of a server-paged list; exported for tests and for screens that show it elsewhere. */
export function rangeText(
  t: (key: string, values: Record<string, string>) => string,
  { page, sizePerPage, totalSize, totalIsLowerBound }: Omit<PagerProps, 'onChange' | 'label'>,
): string {
  const total = `${formatInteger(totalSize)}${totalIsLowerBound ? '+' : ''}`;
  if (totalSize === 0) return t('lists:pager.none', { total });
  const first = (page - 1) * sizePerPage + 1;
  const last = Math.min(page * sizePerPage, totalSize);
  return t('lists:pager.range', { first: formatInteger(first), last: formatInteger(last), total });
}

/**
 * Pager of a server-paged list (docs/product.md, "Formats and limits": page sizes 10, 20, 30): the page-size choice,
 * "n–m of total" (a polite live region, so a new page is announced) and the page buttons.
 */
export function DataTablePager(props: PagerProps) {
  const { t } = useTranslation('lists');
  const { page, sizePerPage, totalSize, onChange, label } = props;
  const pages = Math.max(1, Math.ceil(totalSize / sizePerPage));
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm" mt="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <NativeSelect
          label={t('pager.pageSize')}
          size="xs"
          data={PAGE_SIZES.map((size) => String(size))}
          value={String(sizePerPage)}
          onChange={(event) => onChange({ sizePerPage: Number(event.currentTarget.value) })}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
        />
        <Text size="sm" role="status" aria-live="polite" data-testid="pager-range">
          {rangeText(t as never, props)}
        </Text>
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={(next) => onChange({ page: next })}
        size="sm"
        siblings={1}
        getItemProps={(item) => ({
          'aria-label': t('pager.page', { page: item }),
          'aria-current': item === page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      />
    </Group>
  );
}
