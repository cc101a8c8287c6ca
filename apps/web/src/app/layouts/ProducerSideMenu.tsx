import { Anchor, Divider, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from '../../components/icons';
import { ProductCodeLegend } from '../../features/producer/components/ProductCodeLegend';
import { useLocalePath } from '../../lib/locale';
import { useCurrentProducer, useSiteInfo } from '../../lib/session';
import { siteLinks } from '../../lib/site';
import { SideNavItem } from './NavItems';

/**
 * Producer side menu (spec 1 §2): New Business, Service Records (not on absg), Clients, Reports, My Profile,
 * Commissions (with hasCommissionPermission); Contact Us and FAQ; the external producer portal with
 * hasAvenueB2bLogin; the product-code legend.
 */
export function ProducerSideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const producer = useCurrentProducer();
  const localePath = useLocalePath();
  const links = siteLinks(site);

  const items = [
    { to: '/b2b', label: t('producer.newBusiness'), end: true, show: true },
    { to: '/b2b/service_records', label: t('producer.serviceRecords'), show: site.siteCode !== 'absg' },
    { to: '/b2b/clients', label: t('producer.clients'), show: true },
    { to: '/b2b/reports', label: t('producer.reports'), show: true },
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
            onNavigate={onNavigate}
          />
        ))}
      </Stack>
      <Divider />
      <Stack gap={6} px="sm">
        <Anchor href={links.contactUs} target="_blank" rel="noopener noreferrer" size="sm">
          {t('producer.contactUs')}
        </Anchor>
        <Anchor href={links.faq} target="_blank" rel="noopener noreferrer" size="sm">
          {t('producer.faq')}
        </Anchor>
        {producer?.hasAvenueB2bLogin && (
          <Anchor href={links.producerPortal} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              {t('producer.producerPortal')}
              <ExternalLinkIcon size={14} />
            </Group>
          </Anchor>
        )}
      </Stack>
      <Divider />
      <ProductCodeLegend />
    </Stack>
  );
}
