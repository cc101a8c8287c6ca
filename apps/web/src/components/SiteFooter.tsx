import { Anchor, Box, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { COPYRIGHT_START_YEAR } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../lib/session';
import { siteLinks } from '../lib/site';
import { useOpenLegalText } from './legal/useOpenLegalText';

export function copyrightYears(now = new Date()): { from: number; to: number } {
  return { from: COPYRIGHT_START_YEAR, to: now.getFullYear() };
}

/**
 * Footer (docs/product.md, "Client area"): contact, privacy and disclaimer links (the legal texts open as dialogs),
 * then "© 2012–{year} {siteName}" — left out on the login page, which has its own copyright line.
 */
export function SiteFooter({ withCopyright = true }: { withCopyright?: boolean }) {
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
          {withCopyright && (
            <Text size="sm" c="dimmed">
              {t('footer.copyright', { ...copyrightYears(), siteName: site.siteName })}
            </Text>
          )}
        </Group>
      </Container>
    </Box>
  );
}
