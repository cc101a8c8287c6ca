import './client-styles';
import {
  ActionIcon,
  Anchor,
  AppShell,
  Badge,
  Box,
  Burger,
  Container,
  Group,
  Indicator,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConversationsMenuBadge } from '../../components/conversations/ConversationsMenuLabel';
import { PrintIcon } from '../../components/icons';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { NotificationBell } from '../../components/notifications/NotificationBell';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteLogo } from '../../components/SiteLogo';
import { SkipLink } from '../../components/SkipLink';
import { useLocalePath } from '../../lib/locale';
import { useCurrentClient, useSiteInfo } from '../../lib/session';
import { siteLinks } from '../../lib/site';
import { MainContent } from './LayoutParts';
import { SideNavItem, TopNavItem } from './NavItems';

function useMemberMenu() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const client = useCurrentClient();
  const unread = client?.messageCount ?? 0;
  const badge =
    unread > 0 ? (
      <Badge
        size="sm"
        circle={unread < 10}
        // red.9: white digits at 5.46:1 (the theme's filled red, red.7, is 3.84:1).
        color="red.9"
        aria-label={t('client.unreadMessages', { count: unread })}
      >
        {unread}
      </Badge>
    ) : undefined;
  return [
    { to: localePath('/b2c'), label: t('client.myPlan'), end: true },
    { to: localePath('/b2c/applications'), label: t('client.applications') },
    { to: localePath('/b2c/performance'), label: t('client.performance') },
    { to: localePath('/b2c/my_profile'), label: t('client.myProfile') },
    { to: localePath('/b2c/message'), label: t('client.messageBox'), badge },
    {
      to: localePath('/b2c/conversations'),
      label: t('conversations.menu'),
      badge: <ConversationsMenuBadge />,
    },
    { to: localePath('/b2c/change_password'), label: t('client.changePassword') },
    { to: localePath('/b2c/security'), label: t('client.security') },
  ];
}

/** Client area (docs/product.md, "Client area"): logo, language switcher, contact us, print, logout; member menu;
 * footer.
 */
export default function ClientLayout() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const localePath = useLocalePath();
  const [opened, { toggle, close }] = useDisclosure(false);
  const menu = useMemberMenu();
  const client = useCurrentClient();
  const unread = client?.messageCount ?? 0;

  return (
    <AppShell
      header={{ height: { base: 64, sm: 112 } }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { desktop: true, mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Container size="lg">
          <Group h={64} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {/*
               * On a phone the menu (and the Message Box badge in it) is behind the burger: the burger carries the
               * unread count, drawn as the same red badge and said in its name.
               */}
              <Indicator
                label={unread}
                size={18}
                color="red.9"
                disabled={unread === 0 || opened}
                hiddenFrom="sm"
                offset={4}
                data-testid="burger-unread"
              >
                <Burger
                  opened={opened}
                  onClick={toggle}
                  size="sm"
                  aria-label={
                    unread > 0
                      ? `${t('header.openNavigation')} (${t('client.unreadMessages', { count: unread })})`
                      : t('header.openNavigation')
                  }
                />
              </Indicator>
              <SiteLogo to="/b2c" />
            </Group>
            <Group gap="md" wrap="nowrap">
              {client && (
                <Text size="sm" c="dimmed" visibleFrom="md">
                  {t('header.signedInAs', { name: client.name })}
                </Text>
              )}
              <Box visibleFrom="sm">
                <LanguageSwitcher />
              </Box>
              <Anchor href={siteLinks(site).contactUs} target="_blank" rel="noopener noreferrer" size="sm">
                {t('header.contactUs')}
              </Anchor>
              <NotificationBell to="/b2c/notifications" />
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('header.print')}
                onClick={() => window.print()}
              >
                <PrintIcon />
              </ActionIcon>
              <Anchor component={Link} to={localePath('/logout')} size="sm">
                {t('header.logout')}
              </Anchor>
            </Group>
          </Group>
          <Group component="nav" aria-label={t('client.menu')} gap="xs" h={48} visibleFrom="sm">
            {menu.map((item) => (
              <TopNavItem
                key={item.to}
                to={item.to}
                label={item.label}
                end={item.end}
                rightSection={item.badge}
              />
            ))}
          </Group>
        </Container>
      </AppShell.Header>
      {/* Mobile only, and rendered only while open: hidden links are never reachable by keyboard. */}
      {opened && (
        <AppShell.Navbar p="md" aria-label={t('client.menu')} hiddenFrom="sm">
          <Stack gap={4}>
            {menu.map((item) => (
              <SideNavItem
                key={item.to}
                to={item.to}
                label={item.label}
                end={item.end}
                rightSection={item.badge}
                onNavigate={close}
              />
            ))}
            <Box pt="md">
              <LanguageSwitcher />
            </Box>
          </Stack>
        </AppShell.Navbar>
      )}
      <MainContent />
      <SiteFooter />
    </AppShell>
  );
}
