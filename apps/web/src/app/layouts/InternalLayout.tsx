import { Anchor, AppShell, Box, Container, Group, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { copyrightYears } from '../../components/SiteFooter';
import { SkipLink } from '../../components/SkipLink';
import { useLocalePath } from '../../lib/locale';
import { useCurrentStaff, useSiteInfo } from '../../lib/session';
import { backOfficeLink } from '../../lib/site';
import { InternalMainMenu } from './InternalMainMenu';
import { MainContent } from './LayoutParts';

/**
 * Internal staff area (spec 2 §2): title with the site name, a search box that submits to the back office,
 * the permission-driven main menu, the user name (link to the back office's session edit) and logout.
 */
export default function InternalLayout() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const staff = useCurrentStaff();
  const localePath = useLocalePath();

  return (
    <AppShell header={{ height: 112 }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <Container size="xl">
          <Group justify="space-between" h={60} gap="sm" wrap="nowrap">
            <Title order={2} size="h4">
              {t('internal.title', { siteName: site.siteName })}
            </Title>
            <Group gap="md" wrap="nowrap">
              <Box
                component="form"
                role="search"
                method="get"
                action={backOfficeLink(site, '/search')}
                data-no-print
              >
                <TextInput
                  name="keyword"
                  size="xs"
                  aria-label={t('internal.searchLabel')}
                  placeholder={t('internal.search')}
                  leftSection={<SearchIcon size={14} />}
                />
              </Box>
              <Anchor href={backOfficeLink(site, '/session/edit')} size="sm">
                {staff?.name}
              </Anchor>
              <Anchor component={Link} to={localePath('/logout')} size="sm">
                {t('header.logout')}
              </Anchor>
            </Group>
          </Group>
          <InternalMainMenu />
        </Container>
      </AppShell.Header>
      <MainContent size="xl" />
      <Box component="footer" className="app-footer" py="md">
        <Container size="xl">
          <Text size="sm" c="dimmed">
            {t('footer.copyrightInternal', copyrightYears())}
          </Text>
        </Container>
      </Box>
    </AppShell>
  );
}
