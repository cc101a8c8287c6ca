import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeNote, StaffMenuLink, useMenuName } from '../../../components/StaffMenuLink';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCurrentStaff, useSiteInfo } from '../../../lib/session';
import { backOfficeUrl } from '../../../lib/site';
import { buildMainMenu, hasChildren } from '../../../lib/staff-menu';

/**
 * The staff home page (decision 035): where a staff member lands when the portal builds none of their screens (staff3:
 * Report and Chart). It lists their menu as the header does — every entry, grouped by main menu — so signing in
 * always ends on a portal page that shows what they may use, whether or not a back office is configured.
 */
export default function InternalHomeScreen() {
  const { t } = useTranslation('internal');
  const staff = useCurrentStaff();
  const site = useSiteInfo();
  const menuName = useMenuName();
  const noteId = useId();
  const noBackOffice = backOfficeUrl(site) === null;
  const title = t('home.title', { name: staff?.name ?? '' });
  usePageTitle(title);
  const menu = buildMainMenu(staff?.menus ?? []);

  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Text>{t('home.intro')}</Text>
      {noBackOffice && <Alert color="yellow">{t('common:internal.backOffice.notConfigured')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" className="internal-menu">
        {menu.map((item) => (
          <Card key={`${item.name}-${item.path}`} withBorder padding="md" component="section">
            <Title order={2} size="h4" mb="xs">
              {menuName(item.name)}
            </Title>
            {hasChildren(item) ? (
              item.columns.map((column) => (
                <Stack key={column.id} gap={2} mb="xs">
                  {column.label && (
                    <Text size="sm" fw={600} c="dimmed">
                      {menuName(column.label)}
                    </Text>
                  )}
                  <ul>
                    {column.items.map((entry) => (
                      <li key={`${entry.name}-${entry.path}`}>
                        <StaffMenuLink path={entry.path} className="internal-menu__link" noteId={noteId}>
                          {menuName(entry.name)}
                        </StaffMenuLink>
                      </li>
                    ))}
                  </ul>
                </Stack>
              ))
            ) : (
              <ul>
                <li>
                  <StaffMenuLink path={item.path} className="internal-menu__link" noteId={noteId}>
                    {menuName(item.name)}
                  </StaffMenuLink>
                </li>
              </ul>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <BackOfficeNote id={noteId} />
    </Stack>
  );
}
