import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale';
import { useSiteInfo } from '../../lib/session';
import { siteLinks } from '../../lib/site';
import { LegalDocumentView } from './LegalDocumentView';
import type { LegalKind } from './legal-types';

/**
 * Opens the disclaimer or the privacy policy as a dialog (spec 2 §2: overlays from the login text and the footer):
 * titled, focus kept inside, Escape and the close button return focus to the link that opened it.
 */
export function useOpenLegalText(): (kind: LegalKind) => void {
  const { t } = useTranslation();
  const { language } = useLocale();
  const site = useSiteInfo();
  const values = { siteName: site.siteName, contactEmail: siteLinks(site).inquiryEmail };
  return (kind) =>
    modals.open({
      title: t(kind === 'privacy' ? 'footer.privacy' : 'footer.disclaimer'),
      size: 'lg',
      closeButtonProps: { 'aria-label': t('app.close') },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
      children: <LegalDocumentView kind={kind} language={language} site={site.siteCode} values={values} />,
    });
}
