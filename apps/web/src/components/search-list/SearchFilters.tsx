import { Button, Card, Group, SimpleGrid } from '@mantine/core';

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterForm, FormValues } from './useFilterForm';

/**
 * The filter form of a search list: its fields in a grid that stacks to one column on phones, then Search and
 * Reset. Search submits the validated values (merged into the query from page 1, docs/producer/web-lists.md "Search
 * transitions"); Reset shows the default values and applies them at once (docs/producer/web-lists.md).
 */
export function SearchFilters<V extends FormValues>({
  form,
  label,
  onSearch,
  onReset,
  children,
  actions,
  lead,
  submitLabel,
}: {
  form: FilterForm<V>;
  /** Accessible name of the search region ("Search new business"). */
  label: string;
  onSearch: (values: V) => void;
  onReset: () => void;
  children: ReactNode;
  /** Extra buttons beside Search and Reset (export). */
  actions?: ReactNode;
  /** Above the fields, full width (the report picker, which decides the fields). */
  lead?: ReactNode;
  /** The submit button's text when it is not "Search" (reports: "Run report"). */
  submitLabel?: string;
}) {
  const { t } = useTranslation('lists');
  return (
    <Card withBorder radius="md" padding="md" component="search" aria-label={label}>
      <form noValidate onSubmit={form.onSubmit((values) => onSearch(values))}>
        {lead}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
          {children}
        </SimpleGrid>
        <Group mt="md" gap="sm" align="flex-start">
          <Button type="submit">{submitLabel ?? t('search')}</Button>
          <Button type="button" variant="default" onClick={onReset}>
            {t('reset')}
          </Button>
          {actions}
        </Group>
      </form>
    </Card>
  );
}
