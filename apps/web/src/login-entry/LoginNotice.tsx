import { useEffect } from 'react';
import { useT } from './translator';

/** How long a notice stays, as Mantine's notifications did in the SPA (autoClose 4 s). */
const NOTICE_MS = 4000;

/**
 * The answer to "send a new code" in the corner of the page, as the SPA's notification showed it: titled
 * "Notification", announced as an alert, with a close button, gone after a few seconds.
 */
export function LoginNotice({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useT();
  useEffect(() => {
    const timer = setTimeout(onClose, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <div className="login-notice" role="alert">
      <div className="login-notice-text">
        <div className="login-notice-title">{t('app.notification')}</div>
        <div className="login-notice-message">{message}</div>
      </div>
      <button
        type="button"
        className="close-button"
        aria-label={t('app.closeNotification')}
        onClick={onClose}
      >
        <svg width="16" height="16" viewBox="0 0 15 15" fill="none" aria-hidden="true">
          <path d="M3.5 3.5l8 8m0-8l-8 8" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
