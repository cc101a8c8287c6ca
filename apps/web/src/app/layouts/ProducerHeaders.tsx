import { ActionIcon, Anchor, Box, Burger, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon, SitemapIcon, UserIcon } from '../../components/icons';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteLogo } from '../../components/SiteLogo';
import { useLocalePath } from '../../lib/locale';
import { useCurrentProducer, useSiteInfo } from '../../lib/session';

export interface ProducerHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenTeamTree: () => void;
}

function NavToggle({ navOpened, onToggleNav }: Pick<ProducerHeaderProps, 'navOpened' | 'onToggleNav'>) {
  const { t } = useTranslation();
  return (
    <Burger
      opened={navOpened}
      onClick={onToggleNav}
      hiddenFrom="sm"
      size="sm"
      aria-label={t('header.openNavigation')}
    />
  );
}

function TeamTreeButton({ onOpenTeamTree }: Pick<ProducerHeaderProps, 'onOpenTeamTree'>) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('producer.openTeamTree')}>
      <ActionIcon variant="subtle" size="lg" aria-label={t('producer.openTeamTree')} onClick={onOpenTeamTree}>
        <SitemapIcon />
      </ActionIcon>
    </Tooltip>
  );
}

/** absg: the portal's own header with a user menu (change password, logout). */
export function AbsgProducerHeader(props: ProducerHeaderProps) {
  const { t } = useTranslation();
  const producer = useCurrentProducer();
  const localePath = useLocalePath();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <NavToggle {...props} />
        <SiteLogo to="/b2b" />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <TeamTreeButton {...props} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton
              // Starts with the visible name (WCAG 2.5.3) and says what the button opens.
              aria-label={t('header.userMenu', { name: producer?.fullName || producer?.name })}
              px="xs"
              py={4}
            >
              <Group gap={6} wrap="nowrap">
                <UserIcon size={18} />
                <Text size="sm" fw={500} visibleFrom="xs">
                  {producer?.fullName || producer?.name}
                </Text>
                <ChevronDownIcon size={16} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('header.signedInAs', { name: producer?.name })}</Menu.Label>
            <Menu.Item component={Link} to={localePath('/b2b/change_password')}>
              {t('producer.changePassword')}
            </Menu.Item>
            <Menu.Item component={Link} to={localePath('/logout')}>
              {t('header.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}

/**
 * afs and ipc embed a header element of the partner website. This plain component stands in for it until that
 * element is integrated: logo, portal title, languages, the producer's name, change password and logout.
 */
export function PartnerSiteHeader(props: ProducerHeaderProps) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const producer = useCurrentProducer();
  const localePath = useLocalePath();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-external-element="partner-header">
      <Group gap="sm" wrap="nowrap">
        <NavToggle {...props} />
        <SiteLogo to="/b2b" />
        <Text fw={600} visibleFrom="md">
          {t('producer.portalTitle', { siteName: site.siteName })}
        </Text>
      </Group>
      <Group gap="md" wrap="nowrap">
        <Box visibleFrom="sm">
          <LanguageSwitcher />
        </Box>
        <Text size="sm" c="dimmed" visibleFrom="md">
          {producer?.fullName || producer?.name}
        </Text>
        <TeamTreeButton {...props} />
        <Anchor component={Link} to={localePath('/b2b/change_password')} size="sm" visibleFrom="sm">
          {t('producer.changePassword')}
        </Anchor>
        <Anchor component={Link} to={localePath('/logout')} size="sm">
          {t('header.logout')}
        </Anchor>
      </Group>
    </Group>
  );
}

/** Stand-in for the partner website's footer element on afs and ipc. */
export function PartnerSiteFooter() {
  return (
    <div data-external-element="partner-footer">
      <SiteFooter />
    </div>
  );
}
