import './public-styles';
import { AppShell, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteLogo } from '../../components/SiteLogo';
import { SkipLink } from '../../components/SkipLink';
import { splitLocale } from '../../lib/locale';
import { MainContent } from './LayoutParts';

/** The login page carries its own copyright line ("© {year} {siteName}"); the footer does not repeat it. */
function isLoginPath(pathname: string): boolean {
  const { rest } = splitLocale(pathname);
  return rest === '/' || rest === '/login' || rest === '/login/';
}

/** Login, account flows and Page Not Found: logo, language switcher (site's languages), footer. */
export default function PublicLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
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
      <SiteFooter withCopyright={!isLoginPath(pathname)} />
    </AppShell>
  );
}
