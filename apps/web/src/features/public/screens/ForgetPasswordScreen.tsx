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
import { BirthDateFields } from '../components/BirthDateFields';
import { ForgotSentPanel } from '../components/ForgotSentPanel';

const FIELDS = ['idNo', 'birthDay', 'birthMonth', 'birthYear'] as const;

/** /forget_password (docs/auth.md, "Forgotten password"): a client names themself by identification number and date of
 * birth.
 */
export default function ForgetPasswordScreen() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const localePath = useLocalePath();
  const form = useFormFields(FIELDS);
  const [sent, setSent] = useState(false);
  const { submitting, submit } = useFormSubmit(form, FIELDS, async () => {
    await authApi.forgetPassword({ ...form.values, idNo: form.values.idNo.trim() });
    setSent(true);
  });

  const loginPath = localePath('/login?area=b2c');
  return (
    <AccountCard title={tc('public.forgetPassword')} intro={sent ? undefined : t('forgot.clientIntro')}>
      {sent ? (
        <ForgotSentPanel loginPath={loginPath} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
            <TextInput
              label={t('registration.idNo')}
              description={t('registration.idNoHint')}
              autoCapitalize="characters"
              spellCheck={false}
              withAsterisk
              {...form.field('idNo')}
            />
            <BirthDateFields
              day={form.field('birthDay')}
              month={form.field('birthMonth')}
              year={form.field('birthYear')}
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
