import './internal-styles';
import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Container,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { NotificationBell } from '../../components/notifications/NotificationBell';
import { copyrightYears } from '../../components/SiteFooter';
import { SkipLink } from '../../components/SkipLink';
import { useLocalePath } from '../../lib/locale';
import { useCurrentStaff, useSiteInfo } from '../../lib/session';
import { backOfficeLink } from '../../lib/site';
import { InternalMainMenu } from './InternalMainMenu';
import { MainContent } from './LayoutParts';

/**
 * The back office's own search: a plain GET form, so the back office gets `?keyword=` as it expects. Without a back
 * office it is shown disabled, saying why (decision 035).
 */
function BackOfficeSearch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const action = backOfficeLink(site, '/search');
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('internal.searchLabel')}
      method="get"
      action={action ?? undefined}
      onSubmit={action ? undefined : (event) => event.preventDefault()}
      w={fullWidth ? '100%' : 220}
      data-no-print
    >
      <TextInput
        name="keyword"
        type="search"
        size="xs"
        aria-label={t('internal.searchLabel')}
        placeholder={action ? t('internal.search') : t('internal.backOffice.searchUnavailable')}
        title={action ? undefined : t('internal.backOffice.notConfigured')}
        disabled={!action}
        leftSection={<SearchIcon size={14} />}
      />
    </Box>
  );
}

/** The staff member's name, a link to their session settings on the back office. */
function StaffNameLink() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const staff = useCurrentStaff();
  if (!staff) return null;
  const href = backOfficeLink(site, '/session/edit');
  if (!href)
    return (
      <Text size="sm" fw={500}>
        {staff.name}
      </Text>
    );
  return (
    <Anchor
      href={href}
      size="sm"
      // Starts with the visible name (WCAG 2.5.3) and says where the link goes.
      aria-label={t('internal.sessionEdit', { name: staff.name })}
    >
      {staff.name}
    </Anchor>
  );
}

/**
 * Internal staff area (docs/internal/README.md, "Screens"): title with the site name, a search box that submits to the
 * back office, the permission-driven main menu, the user name (link to the back office's session edit), logout, and the
 * footer's copyright range with the firm's name. From the `lg` breakpoint the menu is a bar under the title; below it,
 * a burger opens a navbar with the search, the name and the menu as a list.
 */
export default function InternalLayout() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const localePath = useLocalePath();
  const { pathname } = useLocation();
  const [navOpened, { toggle, close }] = useDisclosure(false);

  // Any navigation (a menu link, the back button) closes the phone navbar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(close, [pathname]);

  return (
    <AppShell
      header={{ height: { base: 60, lg: 108 } }}
      navbar={{ width: 300, breakpoint: 'lg', collapsed: { desktop: true, mobile: !navOpened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Container size="xl">
          <Group justify="space-between" h={60} gap="sm" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger
                opened={navOpened}
                onClick={toggle}
                hiddenFrom="lg"
                size="sm"
                aria-label={t('header.openNavigation')}
                aria-expanded={navOpened}
              />
              <Title order={2} fz={{ base: 'md', sm: 'lg' }} lineClamp={2}>
                {t('internal.title', { siteName: site.siteName })}
              </Title>
            </Group>
            <Group gap="md" wrap="nowrap">
              <Box visibleFrom="lg">
                <BackOfficeSearch />
              </Box>
              <Box visibleFrom="sm">
                <StaffNameLink />
              </Box>
              <NotificationBell to="/internal/notifications" />
              <Anchor component={Link} to={localePath('/internal/security')} size="sm">
                {t('internal.security')}
              </Anchor>
              <Anchor component={Link} to={localePath('/logout')} size="sm">
                {t('header.logout')}
              </Anchor>
            </Group>
          </Group>
          <Box visibleFrom="lg">
            <InternalMainMenu />
          </Box>
        </Container>
      </AppShell.Header>
      {/* Phones and small windows, rendered only while open: hidden links are never reachable by keyboard. */}
      {navOpened && (
        <AppShell.Navbar p="md" hiddenFrom="lg" style={{ overflowY: 'auto' }}>
          <Stack gap="md">
            <BackOfficeSearch fullWidth />
            <Box hiddenFrom="sm">
              <StaffNameLink />
            </Box>
            <InternalMainMenu orientation="vertical" onNavigate={close} />
          </Stack>
        </AppShell.Navbar>
      )}
      <MainContent size="xl" />
      <Box component="footer" className="app-footer" py="md">
        <Container size="xl">
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { ...copyrightYears(), siteName: site.siteName })}
          </Text>
        </Container>
      </Box>
    </AppShell>
  );
}
