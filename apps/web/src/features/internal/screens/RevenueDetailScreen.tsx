import { Card, Group, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { useRevenue } from '../api/revenues-api';
import { DeleteRevenueButton } from '../revenue/DeleteRevenueButton';
import { EditRevenueButton } from '../revenue/EditRevenueModal';
import { HeaderFacts } from '../revenue/HeaderFacts';
import { LinkTabs } from '../revenue/LinkTabs';
import { RevenueLoadError } from '../revenue/RevenueLoadError';
import { parseRevenueId } from '../revenue/revenue-context';

const TABS = ['summary', 'payin', 'payout'] as const;

/**
 * Revenue detail (docs/internal/README.md, "Screens"): the header facts, Edit and Delete when the revenue's flags allow
 * them, and the Summary / Pay-in / Pay-out tabs as child routes. The whole page comes from one load, so one failure
 * screen covers the header and every tab; the tabs get the document through the outlet.
 */
export default function RevenueDetailScreen() {
  const { t } = useTranslation('revenue');
  const { id } = useParams();
  const revenueId = parseRevenueId(id);
  const { pathname } = useLocation();
  const active = TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'summary';
  const query = useRevenue(revenueId ?? 0, revenueId !== null);
  const detail = query.data;
  usePageTitle(detail ? t('title', { refNo: detail.revenue.refNo }) : undefined);

  if (revenueId === null || query.isError) {
    return <RevenueLoadError error={query.error} segment={id ?? ''} unnamable={revenueId === null} />;
  }
  if (!detail) return <DetailSkeleton label={t('loading')} />;

  const { revenue } = detail;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('title', { refNo: revenue.refNo })}
        </Title>
        {(revenue.editable || revenue.deletable) && (
          <Group gap="sm">
            {revenue.editable && <EditRevenueButton detail={detail} />}
            {revenue.deletable && <DeleteRevenueButton revenue={revenue} />}
          </Group>
        )}
      </Group>
      <Card withBorder radius="md" padding="lg">
        <HeaderFacts revenue={revenue} />
      </Card>
      <LinkTabs
        label={t('sections')}
        active={active}
        tabs={TABS.map((tab) => ({ key: tab, label: t(`tabs.${tab}`), to: tab }))}
      />
      <Outlet context={detail} />
    </Stack>
  );
}

/** The page's shape while the document loads, announced once as "Loading the revenue…". */
function DetailSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true">
      <div role="status">
        <VisuallyHidden>{label}</VisuallyHidden>
      </div>
      <Skeleton height={32} width="40%" />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={18} />
          ))}
        </Stack>
      </Card>
      <Skeleton height={36} width="50%" />
      <Skeleton height={160} />
    </Stack>
  );
}
