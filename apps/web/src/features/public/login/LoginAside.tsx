import { Anchor, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale';
import { useSiteInfo } from '../../../lib/session';
import { isExternalEnabled, siteLinks } from '../../../lib/site';

/**
 * The side panel of the login page: welcome, a security reminder and the help block (spec 2 §2): afs has help,
 * FAQ and contact links, ipc a contact link, and the Japanese page an inquiry e-mail link. A staff host speaks to
 * staff: no client help, the system administrator for access.
 */
export function LoginAside() {
  const { t } = useTranslation('public');
  const site = useSiteInfo();
  const { language } = useLocale();
  const links = siteLinks(site);
  const forStaff = !isExternalEnabled(site);
  const helpLinks = forStaff
    ? []
    : [
        ...(site.siteCode === 'afs' && links.help ? [{ href: links.help, label: t('help.help') }] : []),
        ...(site.siteCode === 'afs' ? [{ href: links.faq, label: t('help.faq') }] : []),
        ...(site.siteCode === 'afs' || site.siteCode === 'ipc'
          ? [{ href: links.contactUs, label: t('help.contact') }]
          : []),
      ];
  const showInquiry = language === 'ja' && !forStaff;

  return (
    <Stack gap="xl" component="aside" aria-labelledby="login-welcome">
      <Stack gap="xs">
        <Title order={2} size="h3" id="login-welcome">
          {t(forStaff ? 'login.staffWelcome' : 'login.welcome', { siteName: site.siteName })}
        </Title>
        <Text c="dimmed">
          {forStaff ? t('login.staffIntro', { siteName: site.siteName }) : t('login.intro')}
        </Text>
      </Stack>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
          <ShieldGlyph />
        </ThemeIcon>
        <Text size="sm">{t('login.securityNote')}</Text>
      </Group>
      {(helpLinks.length > 0 || showInquiry) && (
        <Stack gap="xs" component="section" aria-labelledby="login-help">
          <Title order={2} size="h5" id="login-help">
            {t('help.title')}
          </Title>
          {helpLinks.length > 0 && (
            <List listStyleType="none" spacing={4} size="sm">
              {helpLinks.map((link) => (
                <List.Item key={link.label}>
                  <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                    {link.label}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
          {showInquiry && (
            <Text size="sm">
              <Anchor href={`mailto:${links.inquiryEmail}`} size="sm">
                {t('help.inquiry', { email: links.inquiryEmail })}
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function ShieldGlyph() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" strokeLinejoin="round" />
      <path d="M9 12l2 2 4-4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
