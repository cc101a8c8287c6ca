import { Anchor, Box, Divider, Group, Stack, VisuallyHidden } from '@mantine/core';
import { siteCapabilities } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ConversationsMenuBadge } from '../../components/conversations/ConversationsMenuLabel';
import { ExternalLinkIcon } from '../../components/icons';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { ProductCodeLegend } from '../../features/producer/components/ProductCodeLegend';
import { useLocalePath } from '../../lib/locale';
import { useCurrentProducer, useSiteInfo } from '../../lib/session';
import { siteLinks } from '../../lib/site';
import { SideNavItem } from './NavItems';

/** A link that leaves the portal in a new tab, and says so to screen readers. */
function ExternalLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation('producer-team');
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        {label}
        <ExternalLinkIcon size={14} />
        <VisuallyHidden> {t('menu.newTab')}</VisuallyHidden>
      </Group>
    </Anchor>
  );
}

/**
 * Producer side menu (docs/producer/team-and-profile.md, "Shell per site"): Home, New Business, Service Records (where the
 * site has them), Clients, Reports, My Profile, Commissions (with hasCommissionPermission); Contact Us and FAQ (links
 * from site settings, else defaults); the external producer portal with hasAvenueB2bLogin; the product-code legend.
 * Below the `sm` breakpoint the menu is the burger's drawer, and it also carries what the afs/ipc header hides there
 * (languages, change password).
 */
export function ProducerSideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const producer = useCurrentProducer();
  const localePath = useLocalePath();
  const links = siteLinks(site);
  const { has } = siteCapabilities(site.siteCode);
  // The partner header hides languages and change password on a phone: the drawer carries them there.
  const drawerCarriesHeader = has('partnerChrome');

  const items = [
    { to: '/b2b/home', label: t('producer.home'), show: true },
    { to: '/b2b', label: t('producer.newBusiness'), end: true, show: true },
    { to: '/b2b/requirements', label: t('producer.requirements'), show: true },
    { to: '/b2b/service_records', label: t('producer.serviceRecords'), show: has('serviceRecords') },
    { to: '/b2b/clients', label: t('producer.clients'), show: true },
    { to: '/b2b/reports', label: t('producer.reports'), show: true },
    {
      to: '/b2b/conversations',
      label: t('conversations.menu'),
      show: true,
      badge: <ConversationsMenuBadge />,
    },
    { to: '/b2b/my_profile', label: t('producer.myProfile'), show: true },
    { to: '/b2b/commissions', label: t('producer.commissions'), show: !!producer?.hasCommissionPermission },
  ].filter((item) => item.show);

  return (
    <Stack gap="md">
      <Stack gap={2}>
        {items.map((item) => (
          <SideNavItem
            key={item.to}
            to={localePath(item.to)}
            label={item.label}
            end={item.end}
            rightSection={'badge' in item ? item.badge : undefined}
            onNavigate={onNavigate}
          />
        ))}
        {drawerCarriesHeader && (
          <Box hiddenFrom="sm">
            <SideNavItem
              to={localePath('/b2b/change_password')}
              label={t('producer.changePassword')}
              onNavigate={onNavigate}
            />
            <SideNavItem
              to={localePath('/b2b/security')}
              label={t('producer.security')}
              onNavigate={onNavigate}
            />
          </Box>
        )}
      </Stack>
      {drawerCarriesHeader && (
        <Box hiddenFrom="sm" px="sm">
          <LanguageSwitcher />
        </Box>
      )}
      <Divider />
      <Stack gap={6} px="sm">
        <ExternalLink href={links.contactUs} label={t('producer.contactUs')} />
        <ExternalLink href={links.faq} label={t('producer.faq')} />
        {producer?.hasAvenueB2bLogin && (
          <ExternalLink href={links.producerPortal} label={t('producer.producerPortal')} />
        )}
      </Stack>
      <Divider />
      <ProductCodeLegend />
    </Stack>
  );
}
