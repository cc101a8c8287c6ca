import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';

const TABS = ['summary', 'payin', 'payout'] as const;
const TAB_LABEL_KEYS = {
  summary: 'internal.revenueSummary',
  payin: 'internal.revenuePayin',
  payout: 'internal.revenuePayout',
} as const;

/** Revenue detail frame: header facts (to come) and the summary / pay-in / pay-out tabs as child routes. */
export default function RevenueDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'summary';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('internal.revenue', { id })}
      </Title>
      <Tabs value={active} onChange={(tab) => tab && navigate(tab)}>
        <Tabs.List aria-label={t('internal.revenueSections')}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(TAB_LABEL_KEYS[tab])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
