import { useTranslation } from 'react-i18next';
import { ConfirmationPanel, ConfirmationText } from './ConfirmationPanel';

/** The same words whether or not an account matched (the server answers alike): nothing to learn about others. */
export function ForgotSentPanel({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation('public');
  return (
    <ConfirmationPanel
      title={t('forgot.sentTitle')}
      tone="info"
      linkTo={loginPath}
      linkLabel={t('backToLogin')}
    >
      <ConfirmationText>{t('forgot.sent')}</ConfirmationText>
      <ConfirmationText>{t('forgot.retry')}</ConfirmationText>
    </ConfirmationPanel>
  );
}
