import { Anchor, Group } from '@mantine/core';
import { siteCapabilities } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pathInLanguage, useLocale } from '../lib/locale';

import { useSiteInfo } from '../lib/session';

/** Links to the site's languages (none on a site without a language bar). */
export function LanguageSwitcher() {
  const site = useSiteInfo();
  const { language } = useLocale();
  const { t } = useTranslation();
  const location = useLocation();
  const { languages, hasLanguageBar } = siteCapabilities(site.siteCode);
  if (!hasLanguageBar) return null;
  return (
    <Group component="nav" aria-label={t('languages.label')} gap="xs" wrap="nowrap" data-no-print>
      {languages.map((code) => (
        <Anchor
          key={code}
          component={Link}
          to={pathInLanguage(location.pathname, location.search, code)}
          lang={code === 'kr' ? 'ko' : code === 'zh' ? 'zh-Hant' : code}
          aria-current={code === language ? 'true' : undefined}
          fw={code === language ? 700 : 400}
          size="sm"
          underline={code === language ? 'always' : 'hover'}
        >
          {t(`languages.${code}`)}
        </Anchor>
      ))}
    </Group>
  );
}
