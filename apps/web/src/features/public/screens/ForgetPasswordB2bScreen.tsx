import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useFormFields } from '../../../components/forms/useFormFields';
import { useFormSubmit } from '../../../components/forms/useFormSubmit';
import { useLocalePath } from '../../../lib/locale';
import { authApi } from '../api/auth-api';
import { AccountCard } from '../components/AccountCard';
import { ForgotSentPanel } from '../components/ForgotSentPanel';

const FIELDS = ['loginId'] as const;

/** /forget_password_b2b (docs/auth.md, "Forgotten password"): a producer names themself by Login ID or Advisor Code. */
export default function ForgetPasswordB2bScreen() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const localePath = useLocalePath();
  const form = useFormFields(FIELDS);
  const [sent, setSent] = useState(false);
  const { submitting, submit } = useFormSubmit(form, FIELDS, async () => {
    await authApi.forgetPasswordB2b({ loginId: form.values.loginId.trim() });
    setSent(true);
  });

  const loginPath = localePath('/login?area=b2b');
  return (
    <AccountCard title={tc('public.forgetPasswordB2b')} intro={sent ? undefined : t('forgot.producerIntro')}>
      {sent ? (
        <ForgotSentPanel loginPath={loginPath} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
            <TextInput
              label={t('forgot.loginId')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              withAsterisk
              {...form.field('loginId')}
            />
            <Button type="submit" size="md" loading={submitting}>
              {t('forgot.submit')}
            </Button>
            <Anchor component={Link} to={loginPath} size="sm" ta="center">
              {t('backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
