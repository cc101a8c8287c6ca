import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { Area } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useFormFields } from '../../../components/forms/useFormFields';
import { useRefreshSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { savePendingLogin } from './pending-login';

const FIELDS = ['login', 'password'] as const;

/**
 * Login ID (clients: Client ID; producers: Login ID or Advisor Code) and password. On success only the session is
 * refreshed: with a user in it the login route redirects (RedirectIfSignedIn), with a pending code the screen shows
 * the code form. `onPassword` hands the password to the code step, in memory.
 */
export function CredentialsForm({
  area,
  forStaff = false,
  onPassword,
}: {
  area: Area;
  /** The staff host's form: staff sign in with their back-office login, not a Client ID or Advisor Code. */
  forStaff?: boolean;
  onPassword: (password: string) => void;
}) {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const form = useFormFields(FIELDS);
  const refreshSession = useRefreshSession();
  const [submitting, setSubmitting] = useState(false);
  const isProducer = area === 'b2b';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !form.requireFilled(FIELDS, tc('form.required'))) return;
    setSubmitting(true);
    const { login, password } = form.values;
    try {
      const session = await authApi.login({ login: login.trim(), password, area });
      if (session.otpUserId != null) {
        savePendingLogin({ login: login.trim(), area });
        onPassword(password);
      }
      await refreshSession();
    } catch (error) {
      form.setValue('password', '');
      form.showError(error, tc('form.networkError'));
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.submit')}>
      <Stack gap="md">
        <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
        <TextInput
          label={
            forStaff ? t('login.staffLogin') : isProducer ? t('login.producerLogin') : t('login.clientLogin')
          }
          description={
            forStaff ? undefined : isProducer ? t('login.producerLoginHint') : t('login.clientLoginHint')
          }
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          {...form.field('login')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          withAsterisk
          {...form.field('password')}
        />
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
