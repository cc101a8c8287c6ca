import { Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { API_ROUTES, type ServiceRecordItem, serviceRecordList } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessDateField } from '../../../components/forms/BusinessDateField';
import { MultiSelectField } from '../../../components/forms/lazy-fields';
import { ExportButton } from '../../../components/search-list/ExportButton';
import { ListResults } from '../../../components/search-list/ListResults';
import { listColumns } from '../../../components/search-list/list-columns';
import { SearchFilters } from '../../../components/search-list/SearchFilters';
import { formValuesOf, useCriteriaForm } from '../../../components/search-list/useCriteriaForm';
import { useSearchList } from '../../../components/search-list/useSearchList';
import { useLocale } from '../../../lib/locale';
import { followupTypesQuery } from '../api/producer-lists-api';
import { ListScreenHeader } from '../components/ListScreenHeader';
import { ServiceRecordDetailModal } from '../details';
import { useListScope } from '../team/useListScope';

/** The filter form's empty values (defaults, docs/producer/web-lists.md: status O, included team). */
const TEMPLATE = {
  keywords: '',
  statusOptions: 'O',
  typeOptions: [] as string[],
  createdFrom: null as string | null,
  createdTo: null as string | null,
  completedFrom: null as string | null,
  completedTo: null as string | null,
  includedTeam: true,
};
const FIELD_KEYS = Object.keys(TEMPLATE);
const { serviceRecords: LIST_PATH, serviceRecordExport: EXPORT_PATH } = API_ROUTES.producerLists;

/** Service Records (/b2b/service_records, not on absg): search, table, rows open the service record detail. */
export default function ServiceRecordsScreen() {
  const { t } = useTranslation(['producer-lists', 'lists', 'domain', 'common']);
  const { language } = useLocale();
  const list = useSearchList<Record<string, unknown>, ServiceRecordItem>({
    name: serviceRecordList.name,
    path: LIST_PATH.path,
    criteriaSchema: serviceRecordList.criteria,
    responseSchema: serviceRecordList.response,
    fieldKeys: FIELD_KEYS,
    scope: useListScope(),
  });
  const form = useCriteriaForm({
    schema: serviceRecordList.criteria,
    criteria: list.criteria,
    template: TEMPLATE,
    serverError: list.query.error,
  });
  const followupTypes = useQuery(followupTypesQuery(language));
  const [openFollowupId, setOpenFollowupId] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the language
  const columns = useMemo(
    () =>
      listColumns<ServiceRecordItem>(serviceRecordList, language, {
        status: (row) => t(row.status === 'O' ? 'serviceRecords.statusO' : 'serviceRecords.statusC'),
        // The record type in words (the record type labels, docs/product.md), never the stored code (GI, IR, PB).
        category: (row) => t(`domain:productCategory.${row.category}`),
      }),
    [language],
  );

  return (
    <Stack gap="md">
      <ListScreenHeader title={t('common:producer.serviceRecords')} />
      <SearchFilters
        form={form}
        label={t('serviceRecords.searchLabel')}
        onSearch={list.submit}
        onReset={() => {
          form.setValues(formValuesOf(serviceRecordList.criteria.parse({}), TEMPLATE));
          list.reset();
        }}
        actions={<ExportButton list={list} path={EXPORT_PATH.path} fileName={serviceRecordList.fileName} />}
      >
        <TextInput label={t('serviceRecords.keywords')} {...form.getInputProps('keywords')} />
        <Radio.Group label={t('serviceRecords.status')} {...form.getInputProps('statusOptions')}>
          <Group gap="md" mt={6}>
            <Radio value="All" label={t('serviceRecords.statusAll')} />
            <Radio value="O" label={t('serviceRecords.statusO')} />
            <Radio value="C" label={t('serviceRecords.statusC')} />
          </Group>
        </Radio.Group>
        <MultiSelectField
          label={t('serviceRecords.types')}
          description={
            followupTypes.isError ? t('serviceRecords.typesFailed') : t('serviceRecords.typesHint')
          }
          data={(followupTypes.data ?? []).map((option) => ({
            value: String(option.value),
            label: option.type,
          }))}
          disabled={!followupTypes.data}
          clearable
          searchable
          {...form.getInputProps('typeOptions')}
        />
        <BusinessDateField label={t('serviceRecords.createdFrom')} {...form.getInputProps('createdFrom')} />
        <BusinessDateField label={t('serviceRecords.createdTo')} {...form.getInputProps('createdTo')} />
        <BusinessDateField
          label={t('serviceRecords.completedFrom')}
          {...form.getInputProps('completedFrom')}
        />
        <BusinessDateField label={t('serviceRecords.completedTo')} {...form.getInputProps('completedTo')} />
        <Checkbox
          label={t('includedTeam')}
          mt={{ sm: 'xl' }}
          {...form.getInputProps('includedTeam', { type: 'checkbox' })}
        />
      </SearchFilters>
      <ListResults
        list={list}
        columns={columns}
        rowKey={(row) => row.followupId}
        caption={t('serviceRecords.caption')}
        onRowActivate={(row) => setOpenFollowupId(row.followupId)}
        rowLabel={(row) => t('serviceRecords.openRow', { reference: row.uniqueId, client: row.clientName })}
      />
      <ServiceRecordDetailModal id={openFollowupId} onClose={() => setOpenFollowupId(null)} />
    </Stack>
  );
}
