import type { Area, MeResponse } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useFormFields } from '../components/forms/useFormFields';
import { savePendingLogin } from '../features/public/login/pending-login';
import { Button, FormAlert, TextField } from './controls';
import type { LoginApi } from './login-api';
import { PasskeyButton } from './PasskeyButton';
import { useT } from './translator';

const FIELDS = ['login', 'password'] as const;

/**
 * Login ID (clients: Client ID; producers: Login ID or Advisor Code; staff: their back-office login) and password.
 * The answer is the new session: with a user in it the page goes on to the area, with a pending code it shows the
 * code step, which gets the password in memory.
 */
export function CredentialsStep({
  api,
  area,
  forStaff,
  onSession,
  onPassword,
}: {
  api: LoginApi;
  area: Area;
  forStaff: boolean;
  onSession: (session: MeResponse) => void;
  onPassword: (password: string) => void;
}) {
  const { t } = useT();
  const form = useFormFields(FIELDS);
  const [submitting, setSubmitting] = useState(false);
  const isProducer = area === 'b2b';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !form.requireFilled(FIELDS, t('form.required'))) return;
    setSubmitting(true);
    const { login, password } = form.values;
    try {
      const session = await api.login({ login: login.trim(), password, area });
      if (session.otpUserId != null) {
        savePendingLogin({ login: login.trim(), area });
        onPassword(password);
        setSubmitting(false);
      }
      // With a user in it the page navigates away; the button stays busy until it does.
      onSession(session);
    } catch (error) {
      form.setValue('password', '');
      form.showError(error, t('form.networkError'));
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('public:login.submit')}>
      <div className="stack stack-md">
        <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
        <TextField
          label={
            forStaff
              ? t('public:login.staffLogin')
              : isProducer
                ? t('public:login.producerLogin')
                : t('public:login.clientLogin')
          }
          description={
            forStaff
              ? undefined
              : isProducer
                ? t('public:login.producerLoginHint')
                : t('public:login.clientLoginHint')
          }
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          field={form.field('login')}
        />
        <TextField
          type="password"
          label={t('public:login.password')}
          autoComplete="current-password"
          field={form.field('password')}
        />
        <Button type="submit" size="md" loading={submitting}>
          {t('public:login.submit')}
        </Button>
        <PasskeyButton api={api} area={area} onSession={onSession} />
      </div>
    </form>
  );
}
