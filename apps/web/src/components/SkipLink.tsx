import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps keyboard users past the header and menus. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t('app.skipToContent')}
    </a>
  );
}
