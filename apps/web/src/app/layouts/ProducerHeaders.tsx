import { ActionIcon, Anchor, Box, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import type { ExternalChrome } from '@portal/contract';
import { createElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SitemapIcon } from '../../components/icons';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { lazyWidget, type StandInProps } from '../../components/lazy-widget/lazyWidget';
import { NotificationBell } from '../../components/notifications/NotificationBell';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteLogo } from '../../components/SiteLogo';
import { useLocalePath } from '../../lib/locale';
import { useCurrentProducer, useSiteInfo } from '../../lib/session';
import type { TeamTreeButtonProps, UserMenuProps } from './ProducerHeaderMenus';
import { UserMenuButtonContent } from './UserMenuButtonContent';

export interface ProducerHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenTeamTree: () => void;
  onTeamTreeIntent: () => void;
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

/** Until Tooltip's code arrives: the same button, without the tooltip (it loads on hover or focus). */
function TeamTreeButtonStandIn({
  onOpenTeamTree,
  onTeamTreeIntent,
  handOverProps,
  onWanted,
}: StandInProps<TeamTreeButtonProps>) {
  const intent = () => {
    onWanted();
    onTeamTreeIntent();
  };
  const { t } = useTranslation();
  return (
    <ActionIcon
      {...handOverProps}
      variant="subtle"
      size="lg"
      aria-label={t('producer.openTeamTree')}
      onClick={onOpenTeamTree}
      onPointerEnter={intent}
      onFocus={intent}
    >
      <SitemapIcon />
    </ActionIcon>
  );
}

const TeamTreeButton = lazyWidget<TeamTreeButtonProps>(
  () => import('./ProducerHeaderMenus').then((module) => module.TeamTreeButtonWithTooltip),
  TeamTreeButtonStandIn,
);

/** Until Menu's code arrives: the same button; a click opens the menu as soon as it has loaded. */
function UserMenuStandIn({ handOverProps, onWanted }: StandInProps<UserMenuProps>) {
  const { t } = useTranslation();
  const producer = useCurrentProducer();
  return (
    <UnstyledButton
      {...handOverProps}
      aria-label={t('header.userMenu', { name: producer?.fullName || producer?.name })}
      aria-haspopup="menu"
      aria-expanded={false}
      px="xs"
      py={4}
      onPointerEnter={() => onWanted()}
      onClick={() => onWanted({ defaultOpened: true })}
    >
      <UserMenuButtonContent />
    </UnstyledButton>
  );
}

const UserMenu = lazyWidget<UserMenuProps>(
  () => import('./ProducerHeaderMenus').then((module) => module.UserMenu),
  UserMenuStandIn,
);

/**
 * The header's pop-ups' code, asked for as soon as the pointer or the keyboard focus enters the header: by the time
 * someone reaches the team-tree button or the user menu it is usually in, so the real widget is there before the
 * stand-in would have to hand focus over to it.
 */
export function preloadHeaderMenus(): void {
  TeamTreeButton.preload().catch(() => undefined);
  UserMenu.preload().catch(() => undefined);
}

/** absg: the portal's own header with a user menu (change password, logout). */
export function AbsgProducerHeader(props: ProducerHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <NavToggle {...props} />
        <SiteLogo to="/b2b" />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <NotificationBell to="/b2b/notifications" />
        <TeamTreeButton onOpenTeamTree={props.onOpenTeamTree} onTeamTreeIntent={props.onTeamTreeIntent} />
        <UserMenu />
      </Group>
    </Group>
  );
}

/**
 * Whether the partner website's custom element `tag` is usable: its script (site settings `externalChrome`) is
 * added once, and the answer turns true only when the browser has defined the element. A script that fails or that
 * the content security policy refuses leaves the portal's stand-in in place instead of an empty element.
 */
function usePartnerElement(chrome: ExternalChrome | undefined, tag: string | undefined): boolean {
  const [defined, setDefined] = useState(() => !!tag && !!customElements.get(tag));
  useEffect(() => {
    if (!chrome || !tag) return;
    if (!document.querySelector(`script[data-partner-chrome="${chrome.scriptUrl}"]`)) {
      const script = document.createElement('script');
      script.src = chrome.scriptUrl;
      script.async = true;
      script.dataset.partnerChrome = chrome.scriptUrl;
      document.head.append(script);
    }
    let active = true;
    customElements.whenDefined(tag).then(() => active && setDefined(true));
    return () => {
      active = false;
    };
  }, [chrome, tag]);
  return defined;
}

/**
 * afs and ipc embed a header element of the partner website (site settings `externalChrome.headerTag`), beside the
 * portal's own controls (menu button, team tree, change password, logout). Until it is configured and loaded, a plain
 * stand-in shows: logo, portal title, languages and the producer's name.
 */
export function PartnerSiteHeader(props: ProducerHeaderProps) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const producer = useCurrentProducer();
  const localePath = useLocalePath();
  const chrome = site.externalChrome;
  const partnerHeader = usePartnerElement(chrome, chrome?.headerTag);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-external-element="partner-header">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <NavToggle {...props} />
        {partnerHeader && chrome ? (
          createElement(chrome.headerTag, { style: { display: 'block', flex: 1, minWidth: 0 } })
        ) : (
          <>
            <SiteLogo to="/b2b" />
            <Text fw={600} visibleFrom="md">
              {t('producer.portalTitle', { siteName: site.siteName })}
            </Text>
          </>
        )}
      </Group>
      <Group gap="md" wrap="nowrap">
        <Box visibleFrom="sm">
          <LanguageSwitcher />
        </Box>
        <Text size="sm" c="dimmed" visibleFrom="md">
          {producer?.fullName || producer?.name}
        </Text>
        <NotificationBell to="/b2b/notifications" />
        <TeamTreeButton onOpenTeamTree={props.onOpenTeamTree} onTeamTreeIntent={props.onTeamTreeIntent} />
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

/** The partner website's footer element on afs and ipc (site settings `externalChrome.footerTag`), or a stand-in. */
export function PartnerSiteFooter() {
  const site = useSiteInfo();
  const chrome = site.externalChrome;
  const partnerFooter = usePartnerElement(chrome, chrome?.footerTag);
  return (
    <div data-external-element="partner-footer">
      {partnerFooter && chrome ? createElement(chrome.footerTag) : <SiteFooter />}
    </div>
  );
}
