import { Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import {
  API_ROUTES,
  REQUIREMENT_PROVIDER_LABELS,
  REQUIREMENT_STATUS_LABELS,
  REQUIREMENT_TYPE_LABELS,
  REQUIREMENT_TYPES,
  REQUIREMENT_VIEWS,
  type RequirementItem,
  requirementList,
} from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusinessDateField } from '../../../components/forms/BusinessDateField';
import { MultiSelectField } from '../../../components/forms/lazy-fields';
import { ExportButton } from '../../../components/search-list/ExportButton';
import { ListResults } from '../../../components/search-list/ListResults';
import { listColumns } from '../../../components/search-list/list-columns';
import { SearchFilters } from '../../../components/search-list/SearchFilters';
import { formValuesOf, useCriteriaForm } from '../../../components/search-list/useCriteriaForm';
import { useSearchList } from '../../../components/search-list/useSearchList';
import { formatInteger } from '../../../lib/format';
import { useLocale, useLocalePath } from '../../../lib/locale';
import { ListScreenHeader } from '../components/ListScreenHeader';
import { useListScope } from '../team/useListScope';

/** The filter form's empty values (defaults: open items of the included team). */
const TEMPLATE = {
  keywords: '',
  view: 'open',
  typeOptions: [] as string[],
  dueFrom: null as string | null,
  dueTo: null as string | null,
  includedTeam: true,
};
const FIELD_KEYS = Object.keys(TEMPLATE);
const { requirements: LIST_PATH, requirementExport: EXPORT_PATH } = API_ROUTES.producerLists;

/**
 * Requirements (/b2b/requirements, docs/producer/cases.md): every item the scope's applications still need, across
 * cases; the home's requirement figures open it filtered the way they count. A row opens its case in New Business.
 */
export default function RequirementsScreen() {
  const { t } = useTranslation(['producer-lists', 'common']);
  const { language } = useLocale();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const list = useSearchList<Record<string, unknown>, RequirementItem>({
    name: requirementList.name,
    path: LIST_PATH.path,
    criteriaSchema: requirementList.criteria,
    responseSchema: requirementList.response,
    fieldKeys: FIELD_KEYS,
    scope: useListScope(),
  });
  const form = useCriteriaForm({
    schema: requirementList.criteria,
    criteria: list.criteria,
    template: TEMPLATE,
    serverError: list.query.error,
  });
  const columns = useMemo(
    () =>
      listColumns<RequirementItem>(requirementList, language, {
        type: (row) => REQUIREMENT_TYPE_LABELS[row.type][language],
        provider: (row) => REQUIREMENT_PROVIDER_LABELS[row.provider][language],
        status: (row) => REQUIREMENT_STATUS_LABELS[row.status][language],
        daysOverdue: (row) => (row.daysOverdue > 0 ? formatInteger(row.daysOverdue) : ''),
      }),
    [language],
  );

  return (
    <Stack gap="md">
      <ListScreenHeader title={t('common:producer.requirements')} />
      <SearchFilters
        form={form}
        label={t('requirements.searchLabel')}
        onSearch={list.submit}
        onReset={() => {
          form.setValues(formValuesOf(requirementList.criteria.parse({}), TEMPLATE));
          list.reset();
        }}
        actions={<ExportButton list={list} path={EXPORT_PATH.path} fileName={requirementList.fileName} />}
      >
        <TextInput
          label={t('requirements.keywords')}
          description={t('requirements.keywordsHint')}
          {...form.getInputProps('keywords')}
        />
        <Radio.Group label={t('requirements.view')} {...form.getInputProps('view')}>
          <Group gap="md" mt={6}>
            {REQUIREMENT_VIEWS.map((view) => (
              <Radio key={view} value={view} label={t(`requirements.views.${view}`)} />
            ))}
          </Group>
        </Radio.Group>
        <MultiSelectField
          label={t('requirements.types')}
          description={t('requirements.typesHint')}
          data={REQUIREMENT_TYPES.map((type) => ({
            value: type,
            label: REQUIREMENT_TYPE_LABELS[type][language],
          }))}
          clearable
          searchable
          {...form.getInputProps('typeOptions')}
        />
        <BusinessDateField label={t('requirements.dueFrom')} {...form.getInputProps('dueFrom')} />
        <BusinessDateField label={t('requirements.dueTo')} {...form.getInputProps('dueTo')} />
        <Checkbox
          label={t('includedTeam')}
          mt={{ sm: 'xl' }}
          {...form.getInputProps('includedTeam', { type: 'checkbox' })}
        />
      </SearchFilters>
      <ListResults
        list={list}
        columns={columns}
        rowKey={(row) => row.requirementId}
        caption={t('requirements.caption')}
        onRowActivate={(row) => navigate(localePath(`/b2b?case=${row.applicationId}`))}
        rowLabel={(row) =>
          t('requirements.openRow', {
            item: REQUIREMENT_TYPE_LABELS[row.type][language],
            client: row.clientName,
          })
        }
      />
    </Stack>
  );
}
