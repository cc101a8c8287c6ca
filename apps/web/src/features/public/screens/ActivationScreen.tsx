import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../lib/locale';
import { AccountCard } from '../components/AccountCard';
import { ConfirmationPanel, ConfirmationText } from '../components/ConfirmationPanel';
import { SetPasswordForm } from '../components/SetPasswordForm';

/** /activation?login=&activation_code= : the link of the activation e-mail; ends with a link to the client login. */
export default function ActivationScreen() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const localePath = useLocalePath();
  const [done, setDone] = useState(false);
  return (
    <AccountCard title={tc('public.activation')} intro={done ? undefined : t('activation.intro')}>
      {done ? (
        <ConfirmationPanel
          title={t('activation.successTitle')}
          linkTo={localePath('/login?area=b2c')}
          linkLabel={t('toLogin')}
        >
          <ConfirmationText>{t('activation.success')}</ConfirmationText>
        </ConfirmationPanel>
      ) : (
        <SetPasswordForm
          submitLabel={t('activation.submit')}
          onDone={() => setDone(true)}
          wayOn={{
            newLinkPath: localePath('/registration'),
            newLinkLabel: t('linkWayOn.newActivation'),
            loginPath: localePath('/login?area=b2c'),
          }}
        />
      )}
    </AccountCard>
  );
}
