import type { SiteInfo } from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { type LegalValues, loadLegalDocument } from '../components/legal/legal-texts';
import type { LegalKind } from '../components/legal/legal-types';
import { siteLinks } from '../lib/site';
import { useT } from './translator';

type LegalText = Awaited<ReturnType<typeof loadLegalDocument>>;

/**
 * The disclaimer or the privacy policy (overlays from the login text and the footer, docs/web.md) in a native modal
 * `<dialog>`: the browser keeps focus inside, closes on Escape and gives focus back to the link that opened it. The
 * texts are the SPA's, one chunk per language, fetched on the first opening only.
 */
export function LegalDialog({
  kind,
  site,
  onClose,
}: {
  kind: LegalKind;
  site: SiteInfo;
  onClose: () => void;
}) {
  const { t, language } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [text, setText] = useState<LegalText | 'failed' | null>(null);

  useEffect(() => {
    const element = dialog.current;
    // Once, also under StrictMode's second effect run.
    if (!element || element.open) return;
    // jsdom has no showModal; the open attribute shows it there.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);

  useEffect(() => {
    const values: LegalValues = { siteName: site.siteName, contactEmail: siteLinks(site).inquiryEmail };
    let current = true;
    loadLegalDocument(language, site.siteCode, kind, values).then(
      (loaded) => current && setText(loaded),
      () => current && setText('failed'),
    );
    return () => {
      current = false;
    };
  }, [kind, language, site]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Escape is the keyboard's way out, built in
    <dialog
      ref={dialog}
      className="legal-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="legal-dialog-content">
        <div className="legal-dialog-header">
          <h2 className="legal-dialog-title" id={titleId}>
            {t(kind === 'privacy' ? 'footer.privacy' : 'footer.disclaimer')}
          </h2>
          <button
            type="button"
            className="close-button"
            aria-label={t('app.close')}
            onClick={() => dialog.current?.close()}
          >
            <svg width="16" height="16" viewBox="0 0 15 15" fill="none" aria-hidden="true">
              <path d="M3.5 3.5l8 8m0-8l-8 8" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="legal-dialog-body">
          {text === null && (
            <p className="text-dimmed" role="status">
              {t('app.loading')}
            </p>
          )}
          {text === 'failed' && <p className="text-error">{t('app.somethingWentWrong')}</p>}
          {text && text !== 'failed' && (
            <div
              className="stack stack-md"
              lang={language === 'kr' ? 'ko' : language === 'zh' ? 'zh-Hant' : language}
            >
              <p className="text-sm text-medium">{text.summary}</p>
              {text.sections.map((section) => (
                <div className="stack stack-6" key={section.heading}>
                  <h3 className="legal-heading">{section.heading}</h3>
                  {section.paragraphs.map((paragraph) => (
                    <p className="text-sm legal-paragraph" key={paragraph}>
                      {paragraph}
                    </p>
                  ))}
                </div>
              ))}
              <p className="text-xs text-dimmed">{text.lastUpdated}</p>
            </div>
          )}
        </div>
      </div>
    </dialog>
  );
}
