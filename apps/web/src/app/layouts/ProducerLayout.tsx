import { siteCapabilities } from '@portal/contract';
import './producer-styles';
import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../../components/SiteFooter';
import { SkipLink } from '../../components/SkipLink';
import { ViewingAsBanner } from '../../features/producer/components/ViewingAsBanner';
import { SelectedProducerProvider } from '../../features/producer/team/selected-producer';
import { useCurrentProducer, useSiteInfo } from '../../lib/session';
import { MainContent } from './LayoutParts';
import {
  AbsgProducerHeader,
  PartnerSiteFooter,
  PartnerSiteHeader,
  preloadHeaderMenus,
} from './ProducerHeaders';
import { ProducerSideMenu } from './ProducerSideMenu';

const loadTeamTree = () => import('../../features/producer/components/TeamTreePanel');
/** The pointer or focus on the team-tree button: start the drawer's download; a failure is retried on open. */
const preloadTeamTree = () => void loadTeamTree().catch(() => undefined);
const TeamTreePanel = lazy(() => loadTeamTree().then((module) => ({ default: module.TeamTreePanel })));

/**
 * The team-tree drawer's code (Drawer, Tree, the team search) loads when the pointer or focus reaches its button
 * (`preloadTeamTree`), or at the latest on the first open, and mounts then; a closed drawer draws nothing, so nothing
 * stands in for it.
 */
function DeferredTeamTree({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted && opened) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <TeamTreePanel opened={opened} onClose={onClose} />
    </Suspense>
  );
}

/**
 * Producer area (docs/product.md, "Producer area"): per-site header and footer, side menu with legend, team-tree panel,
 * and the "viewing as" banner while a producer chosen from the tree scopes the lists.
 */
export default function ProducerLayout() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const producer = useCurrentProducer();
  const [navOpened, nav] = useDisclosure(false);
  const [treeOpened, tree] = useDisclosure(false);
  const partnerChrome = siteCapabilities(site.siteCode).has('partnerChrome');
  const headerProps = {
    navOpened,
    onToggleNav: nav.toggle,
    onOpenTeamTree: tree.open,
    onTeamTreeIntent: preloadTeamTree,
  };

  return (
    <SelectedProducerProvider ownerId={producer?.producerId}>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <SkipLink />
        <AppShell.Header onFocus={preloadHeaderMenus} onPointerEnter={preloadHeaderMenus}>
          {partnerChrome ? <PartnerSiteHeader {...headerProps} /> : <AbsgProducerHeader {...headerProps} />}
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('producer.menu')}>
          <AppShell.Section grow component={ScrollArea}>
            <ProducerSideMenu onNavigate={nav.close} />
          </AppShell.Section>
        </AppShell.Navbar>
        <MainContent size="xl" before={<ViewingAsBanner />} />
        {partnerChrome ? <PartnerSiteFooter /> : <SiteFooter />}
        <DeferredTeamTree opened={treeOpened} onClose={tree.close} />
      </AppShell>
    </SelectedProducerProvider>
  );
}
