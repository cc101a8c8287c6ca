import {
  Alert,
  Anchor,
  Badge,
  Box,
  Group,
  Radio,
  Stack,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  REVENUE_SETTLED_FILTERS,
  type RevenueListItem,
  type RevenueSettledState,
  revenueList,
  SITE_CODES,
} from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BusinessDateField } from '../../../components/forms/BusinessDateField';
import { MultiSelectField, SelectField } from '../../../components/forms/lazy-fields';
import { ListResults } from '../../../components/search-list/ListResults';
import { listColumns } from '../../../components/search-list/list-columns';
import { SearchFilters } from '../../../components/search-list/SearchFilters';
import { formValuesOf, useCriteriaForm } from '../../../components/search-list/useCriteriaForm';
import { useSearchList } from '../../../components/search-list/useSearchList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocale, useLocalePath } from '../../../lib/locale';
import {
  REVENUE_LIST_PATH,
  type RevenueIndexNavigationState,
  revenueDetailPath,
  useRevenueListOptions,
} from '../api/revenue-list-api';

/** The filter form's empty values (contract defaults: every settled state, site and company, no type, no dates). */
const TEMPLATE = {
  keywords: '',
  commissionType: [] as string[],
  serviceCompanyId: null as string | null,
  siteCode: null as string | null,
  settledState: 'all',
  dateFrom: null as string | null,
  dateTo: null as string | null,
};
const FIELD_KEYS = Object.keys(TEMPLATE);

/**
 * Settled state as words in a badge; the colour only repeats what the words say. Light badges in these theme colours
 * are the ones the rest of the portal uses (readable text on their tint).
 */
const SETTLED_BADGE_COLOR: Record<RevenueSettledState, string> = {
  settled: 'teal',
  partly: 'brand',
  outstanding: 'gray',
};

function SettledStateBadge({ state }: { state: RevenueSettledState }) {
  const { t } = useTranslation('internal');
  return (
    <Badge variant="light" color={SETTLED_BADGE_COLOR[state]} size="sm" radius="sm" tt="none">
      {t(`settledState.${state}`)}
    </Badge>
  );
}

/** A site's code as staff write it (AFS, IPC, ABSG): in the Site filter and in the badge under a ref no. */
const siteLabel = (siteCode: string) => siteCode.toUpperCase();

/**
 * The ref no. (a link to the revenue) with its site and, for an orphan case, that flag as small badges. They wrap
 * under the ref no. when the column is narrow, so they never widen the table (it fits a 1366 px screen).
 */
function RefNoCell({ row, href }: { row: RevenueListItem; href: string }) {
  const { t } = useTranslation('internal');
  return (
    <Group gap={4} wrap="wrap">
      <Anchor component={Link} to={href} fw={600}>
        {row.refNo}
      </Anchor>
      <Badge variant="light" color="gray" size="xs" radius="sm">
        <VisuallyHidden>{t('index.site')} </VisuallyHidden>
        {siteLabel(row.siteCode)}
      </Badge>
      {row.isOrphanCase && (
        <Badge variant="outline" color="gray" size="xs" radius="sm" tt="none">
          {t('index.orphan')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * "Revenue RV… deleted." after the detail screen's delete (navigation state). Read once, then cleared from the
 * history entry so Back or a reload does not repeat it; set after the first render, so the polite live region
 * exists before its text arrives and screen readers announce it.
 */
function useDeletedNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [deletedRefNo, setDeletedRefNo] = useState<string | null>(null);
  const fromState = (location.state as RevenueIndexNavigationState | null)?.deletedRefNo;
  useEffect(() => {
    if (!fromState) return;
    setDeletedRefNo(fromState);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [fromState, navigate, location.pathname, location.search]);
  return deletedRefNo;
}

/** Revenue index (/internal/revenues): search, the contract's columns, each ref no. opens the revenue. */
export default function RevenueIndexScreen() {
  const { t } = useTranslation(['internal', 'lists', 'common']);
  const { language } = useLocale();
  const localePath = useLocalePath();
  const title = t('index.title');
  usePageTitle(title);
  const deletedRefNo = useDeletedNotice();
  const options = useRevenueListOptions();

  const list = useSearchList<Record<string, unknown>, RevenueListItem>({
    name: revenueList.name,
    path: REVENUE_LIST_PATH,
    criteriaSchema: revenueList.criteria,
    responseSchema: revenueList.response,
    fieldKeys: FIELD_KEYS,
  });
  const form = useCriteriaForm({
    schema: revenueList.criteria,
    criteria: list.criteria,
    template: TEMPLATE,
    serverError: list.query.error,
  });

  // The codes the revenues carry, plus any the URL asks for that none does any more (the field still shows it).
  const commissionTypes = [
    ...new Set([...(options.data?.commissionTypes ?? []), ...form.values.commissionType]),
  ].map((code) => ({ value: code, label: code }));
  const serviceCompanies = (options.data?.serviceCompanies ?? []).map((company) => ({
    value: String(company.id),
    label: company.name,
  }));
  const optionsNote = options.isError ? t('index.optionsUnavailable') : undefined;

  const columns = useMemo(
    () =>
      listColumns<RevenueListItem>(revenueList, language, {
        refNo: (row) => <RefNoCell row={row} href={localePath(revenueDetailPath(row.revenueId))} />,
        settledState: (row) => <SettledStateBadge state={row.settledState} />,
      }),
    [language, localePath],
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Box role="status" aria-live="polite">
        {deletedRefNo && (
          <Alert color="green" variant="light">
            {t('index.deleted', { refNo: deletedRefNo })}
          </Alert>
        )}
      </Box>
      <SearchFilters
        form={form}
        label={t('index.searchLabel')}
        onSearch={list.submit}
        onReset={() => {
          form.setValues(formValuesOf(revenueList.criteria.parse({}), TEMPLATE));
          list.reset();
        }}
      >
        <TextInput
          label={t('index.keywords')}
          description={t('index.keywordsHint')}
          {...form.getInputProps('keywords')}
        />
        <MultiSelectField
          label={t('index.commissionType')}
          data={commissionTypes}
          description={optionsNote}
          clearable
          {...form.getInputProps('commissionType')}
        />
        <SelectField
          label={t('index.serviceCompany')}
          placeholder={t('index.allServiceCompanies')}
          data={serviceCompanies}
          description={optionsNote}
          searchable
          clearable
          nothingFoundMessage={t('index.noServiceCompany')}
          {...form.getInputProps('serviceCompanyId')}
        />
        <SelectField
          label={t('index.site')}
          placeholder={t('index.allSites')}
          data={SITE_CODES.map((code) => ({ value: code, label: siteLabel(code) }))}
          clearable
          {...form.getInputProps('siteCode')}
        />
        <Radio.Group label={t('index.settledState')} {...form.getInputProps('settledState')}>
          <Group gap="md" mt={6}>
            {REVENUE_SETTLED_FILTERS.map((state) => (
              <Radio key={state} value={state} label={t(`settledFilter.${state}`)} />
            ))}
          </Group>
        </Radio.Group>
        <BusinessDateField label={t('index.dateFrom')} {...form.getInputProps('dateFrom')} />
        <BusinessDateField label={t('index.dateTo')} {...form.getInputProps('dateTo')} />
      </SearchFilters>
      <ListResults
        list={list}
        columns={columns}
        rowKey={(row) => row.revenueId}
        caption={t('index.caption')}
        emptyText={t('index.empty')}
      />
    </Stack>
  );
}
