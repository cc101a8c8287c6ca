import { Alert, Anchor, Badge, Box, Group, MultiSelect, Radio, Stack, TextInput, Title } from '@mantine/core';
import {
  REVENUE_SETTLED_FILTERS,
  type RevenueListItem,
  type RevenueSettledState,
  revenueList,
} from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BusinessDateInput } from '../../../components/forms/BusinessDateInput';
import { ListResults } from '../../../components/search-list/ListResults';
import { listColumns } from '../../../components/search-list/list-columns';
import { SearchFilters } from '../../../components/search-list/SearchFilters';
import { formValuesOf, useCriteriaForm } from '../../../components/search-list/useCriteriaForm';
import { useSearchList } from '../../../components/search-list/useSearchList';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocale, useLocalePath } from '../../../lib/locale';
import {
  FILTER_COMMISSION_TYPES,
  REVENUE_LIST_PATH,
  type RevenueIndexNavigationState,
  revenueDetailPath,
} from '../api/revenue-list-api';

/** The filter form's empty values (contract defaults: every settled state, no type, no dates). */
const TEMPLATE = {
  keywords: '',
  commissionType: [] as string[],
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
    <Badge variant="light" color={SETTLED_BADGE_COLOR[state]} radius="sm" tt="none">
      {t(`settledState.${state}`)}
    </Badge>
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the language
  const columns = useMemo(
    () =>
      listColumns<RevenueListItem>(revenueList, language, {
        refNo: (row) => (
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={localePath(revenueDetailPath(row.revenueId))} fw={600}>
              {row.refNo}
            </Anchor>
            {row.isOrphanCase && (
              <Badge variant="outline" color="gray" size="xs" radius="sm" tt="none">
                {t('index.orphan')}
              </Badge>
            )}
          </Group>
        ),
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
        <MultiSelect
          label={t('index.commissionType')}
          data={FILTER_COMMISSION_TYPES.map((code) => ({ value: code, label: code }))}
          clearable
          {...form.getInputProps('commissionType')}
        />
        <Radio.Group label={t('index.settledState')} {...form.getInputProps('settledState')}>
          <Group gap="md" mt={6}>
            {REVENUE_SETTLED_FILTERS.map((state) => (
              <Radio key={state} value={state} label={t(`settledFilter.${state}`)} />
            ))}
          </Group>
        </Radio.Group>
        <BusinessDateInput label={t('index.dateFrom')} {...form.getInputProps('dateFrom')} />
        <BusinessDateInput label={t('index.dateTo')} {...form.getInputProps('dateTo')} />
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
