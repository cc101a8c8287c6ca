import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { AccountType } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useFormFields } from '../../../components/forms/useFormFields';
import { useFormSubmit } from '../../../components/forms/useFormSubmit';
import { authApi } from '../api/auth-api';

const FIELDS = ['login', 'activationCode', 'password', 'passwordConfirmation'] as const;

/**
 * The form of the activation and reset links (spec 2 §4): login and code come from the link (login shown read-only,
 * the code hidden), the person chooses a password and types it again. `type` is sent on reset only.
 */
export function SetPasswordForm({
  submitLabel,
  type,
  onDone,
}: {
  submitLabel: string;
  type?: AccountType;
  onDone: (loginId: string) => void;
}) {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const form = useFormFields(FIELDS, {
    login: params.get('login') ?? '',
    activationCode: params.get('activation_code') ?? '',
  });
  const linkIncomplete = !form.values.login || !form.values.activationCode;

  // On success the screen replaces this form (onDone), so the button stays busy until then.
  const { submitting, submit } = useFormSubmit(
    form,
    FIELDS,
    async () => {
      const answer = await authApi.activate({ ...form.values, ...(type ? { type } : {}) });
      onDone(answer.loginId ?? form.values.login);
    },
    { keepSubmittingOnSuccess: true },
  );

  const fromLink: ReactNode = linkIncomplete ? (
    <FormAlert messages={[t('linkMissing')]} alertRef={form.alertRef} />
  ) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {fromLink ?? <FormAlert messages={form.errors.base} alertRef={form.alertRef} />}
        <TextInput
          label={t('password.login')}
          readOnly
          autoComplete="username"
          variant="filled"
          {...form.field('login')}
        />
        <input type="hidden" name="activationCode" value={form.values.activationCode} />
        <PasswordInput
          label={t('password.new')}
          description={t('password.rule')}
          autoComplete="new-password"
          withAsterisk
          maxLength={128}
          {...form.field('password')}
        />
        <PasswordInput
          label={t('password.confirmation')}
          autoComplete="new-password"
          withAsterisk
          maxLength={128}
          {...form.field('passwordConfirmation')}
        />
        <Button type="submit" size="md" loading={submitting} disabled={linkIncomplete}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
