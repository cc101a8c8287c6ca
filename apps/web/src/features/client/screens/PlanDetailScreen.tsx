import '../client-area.css';
import { Alert, Box, em, Grid, Stack, Tabs, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { isApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale';
import { planDetailQuery, plansQuery } from '../api/client-area-api';
import { formsState, planFormsQuery } from '../api/forms-api';
import { AssetsSelectionTab } from '../components/AssetsSelectionTab';
import { FormDownloadTab } from '../components/FormDownloadTab';
import { PlanDetailsTab } from '../components/PlanDetailsTab';
import { PlanOverviewTab } from '../components/PlanOverviewTab';
import { PlanSideList } from '../components/PlanSideList';
import { PlanSummary } from '../components/PlanSummary';
import { ScreenHeader } from '../components/ScreenHeader';
import { StatementActions } from '../components/StatementActions';
import { formsApply, type PlanTab, resolvePlanTab, visibleTabs } from '../lib/plan-tabs';

const TAB_LABEL_KEYS: Record<PlanTab, string> = {
  plan_overview: 'tabs.overview',
  plan_details: 'tabs.details',
  assets_selection: 'tabs.assetsSelection',
  download_form: 'tabs.formDownload',
};

/** Plan detail (/b2c/plan_detail/:id?tab=…): side list of plans, plan header with statements, and the tabs. */
export default function PlanDetailScreen() {
  const { t } = useTranslation('client');
  const { t: tc } = useTranslation();
  const { language } = useLocale();
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isSafeInteger(id) && id > 0;
  const [search, setSearch] = useSearchParams();
  const theme = useMantineTheme();
  // Read synchronously so a desktop never flashes the phone order.
  const wide = useMediaQuery(`(min-width: ${em(theme.breakpoints.md)})`, undefined, {
    getInitialValueInEffect: false,
  });

  const plans = useQuery(plansQuery(language));
  const plan = useQuery({ ...planDetailQuery(language, id), enabled: validId });
  const formsEnabled = !!plan.data && formsApply(plan.data.policyStatusCode);
  const forms = useQuery(planFormsQuery(language, id, formsEnabled));

  if (!validId || (plan.isError && isApiError(plan.error) && plan.error.status === 404))
    return <NotFoundPage />;

  const side = plans.data ? <PlanSideList plans={plans.data} currentId={id} /> : null;
  let body: ReactNode;
  if (plan.isPending) {
    body = <LoadingState />;
  } else if (plan.isError) {
    body = <FetchError error={plan.error} onRetry={() => plan.refetch()} />;
  } else {
    const detail = plan.data;
    const rules = {
      isShowAssetsSelection: detail.isShowAssetsSelection,
      policyStatusCode: detail.policyStatusCode,
      forms: formsState(forms, formsEnabled),
    };
    const tabs = visibleTabs(rules);
    const active = resolvePlanTab(search.get('tab'), rules);
    if (!tabs.includes(active)) tabs.push(active);
    const selectTab = (value: string | null) => {
      if (!value) return;
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', value);
          return next;
        },
        { replace: true },
      );
    };
    body = (
      <Stack gap="lg">
        <ScreenHeader title={detail.productName} description={detail.companyName} />
        <PlanSummary plan={detail} />
        {detail.isTerminated && (
          <Alert variant="light" color="gray" role="note">
            {t('planDetail.terminatedNote')}
          </Alert>
        )}
        <StatementActions key={detail.id} plan={detail} />
        <Tabs value={active} onChange={selectTab} keepMounted={false} variant="outline" radius="sm">
          <Tabs.List data-no-print>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab} fw={500}>
                {t(TAB_LABEL_KEYS[tab])}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Box pt="lg">
            <Tabs.Panel value="plan_overview">
              <PlanOverviewTab plan={detail} />
            </Tabs.Panel>
            <Tabs.Panel value="plan_details">
              <PlanDetailsTab plan={detail} />
            </Tabs.Panel>
            {detail.isShowAssetsSelection && (
              <Tabs.Panel value="assets_selection">
                <AssetsSelectionTab plan={detail} />
              </Tabs.Panel>
            )}
            {tabs.includes('download_form') && (
              <Tabs.Panel value="download_form">
                <FormDownloadTab state={rules.forms} forms={forms.data ?? []} />
              </Tabs.Panel>
            )}
          </Box>
        </Tabs>
      </Stack>
    );
  }

  const sideColumn = (
    <Grid.Col span={{ base: 24, md: 6, lg: 5 }} className="plan-side-column">
      {/* The list itself is a navigation landmark named the same; this is its visible caption. */}
      <Text size="sm" fw={700} mb="sm" c="dimmed" aria-hidden="true">
        {t('planDetail.allPlans')}
      </Text>
      {side ?? (plans.isPending ? <LoadingState /> : null)}
    </Grid.Col>
  );
  return (
    <Grid gap="xl" columns={24}>
      {/* Beside the plan where there is room; on phones after it, so the chosen plan comes first (not 1,000 px of
          list) and reading order matches what is on screen. */}
      {wide && sideColumn}
      <Grid.Col span={{ base: 24, md: 18, lg: 19 }} className="plan-main-column">
        {plan.isPending || plan.isError ? (
          <Stack gap="lg">
            <ScreenHeader title={tc('client.planDetail')} />
            {body}
          </Stack>
        ) : (
          body
        )}
      </Grid.Col>
      {!wide && sideColumn}
    </Grid>
  );
}
