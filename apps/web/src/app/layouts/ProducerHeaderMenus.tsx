import { ActionIcon, Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SitemapIcon } from '../../components/icons';
import { useLocalePath } from '../../lib/locale';
import { useCurrentProducer } from '../../lib/session';
import { UserMenuButtonContent } from './UserMenuButtonContent';

/*
 * The producer header's pop-ups (a tooltip and the absg user menu): Mantine's Tooltip and Menu bring Popover and
 * floating-ui, so they load after the first screen (ProducerHeaders.tsx draws their stand-ins until then).
 */

export type TeamTreeButtonProps = {
  onOpenTeamTree: () => void;
  /** The pointer or focus reached the button: the drawer's code can start loading before the click. */
  onTeamTreeIntent: () => void;
};

/** The sitemap button that opens the team tree, with its name as a tooltip. */
export function TeamTreeButtonWithTooltip({
  onOpenTeamTree,
  onTeamTreeIntent,
  ...handOver
}: TeamTreeButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('producer.openTeamTree')}>
      <ActionIcon
        {...handOver}
        variant="subtle"
        size="lg"
        aria-label={t('producer.openTeamTree')}
        onClick={onOpenTeamTree}
        onPointerEnter={onTeamTreeIntent}
        onFocus={onTeamTreeIntent}
      >
        <SitemapIcon />
      </ActionIcon>
    </Tooltip>
  );
}

export type UserMenuProps = { defaultOpened?: boolean };

/** absg: the user menu (change password, logout). */
export function UserMenu({ defaultOpened, ...handOver }: UserMenuProps) {
  const { t } = useTranslation();
  const producer = useCurrentProducer();
  const localePath = useLocalePath();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UnstyledButton
          {...handOver}
          // Starts with the visible name (WCAG 2.5.3) and says what the button opens.
          aria-label={t('header.userMenu', { name: producer?.fullName || producer?.name })}
          px="xs"
          py={4}
        >
          <UserMenuButtonContent />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.signedInAs', { name: producer?.name })}</Menu.Label>
        <Menu.Item component={Link} to={localePath('/b2b/change_password')}>
          {t('producer.changePassword')}
        </Menu.Item>
        <Menu.Item component={Link} to={localePath('/b2b/security')}>
          {t('producer.security')}
        </Menu.Item>
        <Menu.Item component={Link} to={localePath('/logout')}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
