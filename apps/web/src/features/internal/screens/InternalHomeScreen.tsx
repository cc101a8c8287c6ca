import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCurrentStaff, useSiteInfo } from '../../../lib/session';
import { backOfficeUrl } from '../../../lib/site';

/**
 * Where staff land after signing in on a staff host: a welcome under the permission-driven main menu (the layout),
 * and the way to the back office for tasks the portal does not have yet.
 */
export default function InternalHomeScreen() {
  const { t } = useTranslation();
  const staff = useCurrentStaff();
  const site = useSiteInfo();
  usePageTitle(t('internal.title', { siteName: site.siteName }));
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {t('internal.welcome', { name: staff?.name ?? '' })}
      </Title>
      <Text>{t('internal.welcomeIntro')}</Text>
      <Anchor href={backOfficeUrl(site)}>{t('internal.openBackOffice')}</Anchor>
    </Stack>
  );
}
