import { type AccountType, accountTypeSchema, DEFAULT_RESET_TYPE, siteCapabilities } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocalePath } from '../../../lib/locale';
import { useSiteInfo } from '../../../lib/session';
import { AccountCard } from '../components/AccountCard';
import { ConfirmationPanel, ConfirmationText } from '../components/ConfirmationPanel';
import { SetPasswordForm } from '../components/SetPasswordForm';

/** The `type` of a reset link, upper-cased; anything else means the default, B2C (docs/product.md, "Sign-in and account
 * screens").
 */
function resetType(value: string | null): AccountType {
  const parsed = accountTypeSchema.safeParse(value?.toUpperCase());
  return parsed.success ? parsed.data : DEFAULT_RESET_TYPE;
}

/** /reset_password?login=&activation_code=&type= : the link of the reset e-mail; ends with a link to that login. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const type = resetType(params.get('type'));
  const [done, setDone] = useState(false);
  const site = useSiteInfo();
  return (
    <AccountCard title={tc('public.resetPassword')} intro={done ? undefined : t('reset.intro')}>
      {done ? (
        <ConfirmationPanel
          title={t('reset.successTitle')}
          linkTo={localePath(`/login?area=${type === 'B2B' ? 'b2b' : 'b2c'}`)}
          linkLabel={t('toLogin')}
        >
          <ConfirmationText>{t('reset.success')}</ConfirmationText>
        </ConfirmationPanel>
      ) : (
        <SetPasswordForm
          submitLabel={t('reset.submit')}
          type={type}
          onDone={() => setDone(true)}
          wayOn={{
            // Advisors of a site without self-service reset get no link (their login page offers none either).
            newLinkPath:
              type === 'B2C'
                ? localePath('/forget_password')
                : siteCapabilities(site.siteCode).has('producerPasswordReset')
                  ? localePath('/forget_password_b2b')
                  : undefined,
            newLinkLabel: t('linkWayOn.newReset'),
            loginPath: localePath(`/login?area=${type === 'B2B' ? 'b2b' : 'b2c'}`),
          }}
        />
      )}
    </AccountCard>
  );
}
