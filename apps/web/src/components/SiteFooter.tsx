import { Anchor, Box, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { COPYRIGHT_START_YEAR } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../lib/session';
import { siteLinks } from '../lib/site';

/** The legal texts open as overlays. The full per-site wording is provided by the sign-in issue. */
export function useOpenLegalText() {
  const { t } = useTranslation();
  return (kind: 'privacy' | 'disclaimer') =>
    modals.open({
      title: t(`footer.${kind}`),
      children: <Text size="sm">{t(kind === 'privacy' ? 'legal.privacyText' : 'legal.disclaimerText')}</Text>,
    });
}

export function copyrightYears(now = new Date()): { from: number; to: number } {
  return { from: COPYRIGHT_START_YEAR, to: now.getFullYear() };
}

/** Public and client footer: contact, privacy and disclaimer links, then "© 2012–{year} {siteName}". */
export function SiteFooter() {
  const site = useSiteInfo();
  const { t } = useTranslation();
  const openLegal = useOpenLegalText();
  const links = siteLinks(site);
  return (
    <Box component="footer" className="app-footer" py="md">
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Group component="nav" aria-label={t('footer.label')} gap="md" data-no-print>
            <Anchor href={links.contactUs} size="sm" target="_blank" rel="noopener noreferrer">
              {t('footer.contactUs')}
            </Anchor>
            <UnstyledButton className="footer-link" onClick={() => openLegal('privacy')}>
              {t('footer.privacy')}
            </UnstyledButton>
            <UnstyledButton className="footer-link" onClick={() => openLegal('disclaimer')}>
              {t('footer.disclaimer')}
            </UnstyledButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { ...copyrightYears(), siteName: site.siteName })}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
