import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale';
import { useSiteInfo } from '../../lib/session';
import { siteLinks } from '../../lib/site';
import { LegalDocumentView } from './LegalDocumentView';
import { clearLegalDialog, type LegalRequest } from './legal-dialog';

/** The dialog of one legal text request; its own chunk (see LegalDialogHost). */
export default function LegalDialog({ request }: { request: LegalRequest }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const site = useSiteInfo();
  // Opened one render after mounting: Mantine notes the focused element (the link) when `opened` turns true, and
  // gives focus back to it on close.
  const [opened, setOpened] = useState(false);
  useEffect(() => setOpened(true), []);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      onExitTransitionEnd={() => clearLegalDialog(request.id)}
      title={t(request.kind === 'privacy' ? 'footer.privacy' : 'footer.disclaimer')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <LegalDocumentView
        kind={request.kind}
        language={language}
        site={site.siteCode}
        values={{ siteName: site.siteName, contactEmail: siteLinks(site).inquiryEmail }}
      />
    </Modal>
  );
}
