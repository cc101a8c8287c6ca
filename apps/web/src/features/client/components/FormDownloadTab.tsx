import { Alert, Anchor, Badge } from '@mantine/core';
import type { FormDownloadItem } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table/DataTable';
import { LoadingState } from '../../../components/LoadingState';
import type { FormsState } from '../lib/plan-tabs';

/** Forms the client can download for this plan's provider and product type (each opens in a new window). */
export function FormDownloadTab({ state, forms }: { state: FormsState; forms: readonly FormDownloadItem[] }) {
  const { t } = useTranslation('client');
  if (state === 'loading') return <LoadingState />;
  if (state === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" title={t('forms.error')}>
        {t('forms.errorHint')}
      </Alert>
    );
  }
  const columns: DataColumn<FormDownloadItem>[] = [
    { key: 'productType', header: t('forms.productType'), cell: (form) => form.product_type_title },
    { key: 'provider', header: t('forms.provider'), cell: (form) => form.provider_title },
    { key: 'title', header: t('forms.title'), cell: (form) => form.title },
    {
      key: 'type',
      header: t('forms.formType'),
      cell: (form) => (
        <Badge variant="light" color={form.form_type === 'original' ? 'brand' : 'gray'} radius="sm">
          {t(`forms.type.${form.form_type}`)}
        </Badge>
      ),
    },
    {
      key: 'document',
      header: t('forms.document'),
      cell: (form) => (
        <Anchor
          href={form.document}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('forms.downloadNamed', { title: form.title })}
        >
          {t('forms.download')}
        </Anchor>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={forms}
      rowKey={(form) => `${form.document}`}
      caption={t('forms.caption')}
    />
  );
}
