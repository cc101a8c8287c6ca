import './producer-styles';
import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../../components/SiteFooter';
import { SkipLink } from '../../components/SkipLink';
import { TeamTreePanel } from '../../features/producer/components/TeamTreePanel';
import { ViewingAsBanner } from '../../features/producer/components/ViewingAsBanner';
import { SelectedProducerProvider } from '../../features/producer/team/selected-producer';
import { useCurrentProducer, useSiteInfo } from '../../lib/session';
import { MainContent } from './LayoutParts';
import { AbsgProducerHeader, PartnerSiteFooter, PartnerSiteHeader } from './ProducerHeaders';
import { ProducerSideMenu } from './ProducerSideMenu';

/**
 * Producer area (spec 1 §2): per-site header and footer, side menu with legend, team-tree panel, and the "viewing as"
 * banner while a producer chosen from the tree scopes the lists.
 */
export default function ProducerLayout() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const producer = useCurrentProducer();
  const [navOpened, nav] = useDisclosure(false);
  const [treeOpened, tree] = useDisclosure(false);
  const isAbsg = site.siteCode === 'absg';
  const headerProps = { navOpened, onToggleNav: nav.toggle, onOpenTeamTree: tree.open };

  return (
    <SelectedProducerProvider ownerId={producer?.producerId}>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <SkipLink />
        <AppShell.Header>
          {isAbsg ? <AbsgProducerHeader {...headerProps} /> : <PartnerSiteHeader {...headerProps} />}
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('producer.menu')}>
          <AppShell.Section grow component={ScrollArea}>
            <ProducerSideMenu onNavigate={nav.close} />
          </AppShell.Section>
        </AppShell.Navbar>
        <MainContent size="xl" before={<ViewingAsBanner />} />
        {isAbsg ? <SiteFooter /> : <PartnerSiteFooter />}
        <TeamTreePanel opened={treeOpened} onClose={tree.close} />
      </AppShell>
    </SelectedProducerProvider>
  );
}
