import { AppShell, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteLogo } from '../../components/SiteLogo';
import { SkipLink } from '../../components/SkipLink';
import { MainContent } from './LayoutParts';

/** Login, account flows and Page Not Found: logo, language switcher (site's languages), footer. */
export default function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <SiteLogo />
            <LanguageSwitcher />
          </Group>
        </Container>
      </AppShell.Header>
      <MainContent size="lg">{children}</MainContent>
      <SiteFooter />
    </AppShell>
  );
}
