import { Box, Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { API_ROUTES, type NewBusinessItem, newBusinessList, siteCapabilities } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BusinessDateField } from '../../../components/forms/BusinessDateField';
import { MultiSelectField } from '../../../components/forms/lazy-fields';
import { ExportButton } from '../../../components/search-list/ExportButton';
import { ListResults } from '../../../components/search-list/ListResults';
import { listColumns } from '../../../components/search-list/list-columns';
import { SearchFilters } from '../../../components/search-list/SearchFilters';
import { formValuesOf, useCriteriaForm } from '../../../components/search-list/useCriteriaForm';
import { useSearchList } from '../../../components/search-list/useSearchList';
import { useLocale } from '../../../lib/locale';
import { useSiteInfo } from '../../../lib/session';
import { ListScreenHeader } from '../components/ListScreenHeader';
import { ProductCodeLegend } from '../components/ProductCodeLegend';
import { StageLegend } from '../components/StageLegend';
import { useStageName } from '../components/stage-name';
import { PolicyDetailModal } from '../details';
import { useListScope } from '../team/useListScope';

/** The filter form's empty values (defaults, docs/producer/web-lists.md: stage nb, included team). */
const TEMPLATE = {
  keywords: '',
  stage: 'nb',
  stageOptions: [] as string[],
  receivedFrom: null as string | null,
  receivedTo: null as string | null,
  coolingOffFrom: null as string | null,
  coolingOffTo: null as string | null,
  includedTeam: true,
};
const FIELD_KEYS = Object.keys(TEMPLATE);
const { newBusiness: LIST_PATH, newBusinessExport: EXPORT_PATH } = API_ROUTES.producerLists;

const caseIdOf = (value: string | null): number | null =>
  value && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;

/** New Business (/b2b, docs/product.md "Producer area"): search, result table (rows open the policy detail), stage and
 * product legends.
 */
export default function NewBusinessScreen() {
  const { t } = useTranslation(['producer-lists', 'lists', 'domain', 'common']);
  const { language } = useLocale();
  const site = useSiteInfo();
  const list = useSearchList<Record<string, unknown>, NewBusinessItem>({
    name: newBusinessList.name,
    path: LIST_PATH.path,
    criteriaSchema: newBusinessList.criteria,
    responseSchema: newBusinessList.response,
    fieldKeys: FIELD_KEYS,
    scope: useListScope(),
  });
  const form = useCriteriaForm({
    schema: newBusinessList.criteria,
    criteria: list.criteria,
    template: TEMPLATE,
    serverError: list.query.error,
  });
  // `?case=<caaId>` opens that application's detail: the link of a notice about one case (docs/producer/cases.md).
  const [params, setParams] = useSearchParams();
  const [openCaaId, setOpenCaaId] = useState<number | null>(() => caseIdOf(params.get('case')));
  const closeDetail = () => {
    setOpenCaaId(null);
    if (params.has('case')) {
      const next = new URLSearchParams(params);
      next.delete('case');
      setParams(next, { replace: true });
    }
  };
  const stageName = useStageName();
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the language
  const columns = useMemo(
    () =>
      listColumns<NewBusinessItem>(newBusinessList, language, {
        stage: (row) => stageName(row.stage),
        // Over the stage's target: said in words, not only by a mark (docs/producer/cases.md).
        daysInStage: (row) =>
          row.stageTargetDays !== null && row.daysInStage > row.stageTargetDays
            ? t('newBusiness.daysOverTarget', { days: row.daysInStage, target: row.stageTargetDays })
            : String(row.daysInStage),
      }),
    [language],
  );
  const title = t('common:producer.newBusiness');

  return (
    <Stack gap="md">
      <ListScreenHeader title={title} />
      <SearchFilters
        form={form}
        label={t('newBusiness.searchLabel')}
        onSearch={(values) =>
          list.submit(values.stage === 'select' ? values : { ...values, stageOptions: [] })
        }
        onReset={() => {
          form.setValues(formValuesOf(newBusinessList.criteria.parse({}), TEMPLATE));
          list.reset();
        }}
        actions={<ExportButton list={list} path={EXPORT_PATH.path} fileName={newBusinessList.fileName} />}
      >
        <TextInput
          label={t('newBusiness.keywords')}
          description={t('newBusiness.keywordsHint')}
          {...form.getInputProps('keywords')}
        />
        <Radio.Group label={t('newBusiness.stage')} {...form.getInputProps('stage')}>
          <Group gap="md" mt={6}>
            <Radio value="nb" label={t('newBusiness.stageNb')} />
            <Radio value="all" label={t('newBusiness.stageAll')} />
            <Radio value="select" label={t('newBusiness.stageSelect')} />
          </Group>
        </Radio.Group>
        <MultiSelectField
          label={t('newBusiness.stageOptions')}
          description={t('newBusiness.stageOptionsHint')}
          data={siteCapabilities(site.siteCode).stages.map((stage) => ({
            value: String(stage),
            label: stageName(stage),
          }))}
          disabled={form.values.stage !== 'select'}
          clearable
          {...form.getInputProps('stageOptions')}
        />
        <BusinessDateField label={t('newBusiness.receivedFrom')} {...form.getInputProps('receivedFrom')} />
        <BusinessDateField label={t('newBusiness.receivedTo')} {...form.getInputProps('receivedTo')} />
        <BusinessDateField
          label={t('newBusiness.coolingOffFrom')}
          description={t('newBusiness.coolingOffHint')}
          {...form.getInputProps('coolingOffFrom')}
        />
        <BusinessDateField label={t('newBusiness.coolingOffTo')} {...form.getInputProps('coolingOffTo')} />
        <Checkbox
          label={t('producer-lists:includedTeam')}
          mt={{ sm: 'xl' }}
          {...form.getInputProps('includedTeam', { type: 'checkbox' })}
        />
      </SearchFilters>
      <ListResults
        list={list}
        columns={columns}
        rowKey={(row) => row.caaId}
        caption={t('newBusiness.caption')}
        onRowActivate={(row) => setOpenCaaId(row.caaId)}
        rowLabel={(row) =>
          t('newBusiness.openRow', { policy: row.policyNo ?? row.productName, client: row.clientName })
        }
      />
      {/* Plain boxes, not Mantine's Grid (its code is not needed for two boxes, one of them for phones only). */}
      <Stack gap="lg">
        <Box w={{ base: '100%', md: '66.6667%' }}>
          <StageLegend siteCode={site.siteCode} />
        </Box>
        {/* The side menu shows the product codes; on phones the menu is folded away, so they are repeated here. */}
        <Box hiddenFrom="sm">
          <ProductCodeLegend />
        </Box>
      </Stack>
      <PolicyDetailModal id={openCaaId} onClose={closeDetail} />
    </Stack>
  );
}
