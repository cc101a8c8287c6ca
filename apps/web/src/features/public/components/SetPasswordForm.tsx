import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { AccountType } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useFormFields } from '../../../components/forms/useFormFields';
import { useFormSubmit } from '../../../components/forms/useFormSubmit';
import { authApi } from '../api/auth-api';

const FIELDS = ['login', 'activationCode', 'password', 'passwordConfirmation'] as const;

/**
 * The form of the activation and reset links (docs/auth.md, "Activation and reset"): login and code come from the link
 * (login shown read-only, the code hidden), the person chooses a password and types it again. `type` is sent on reset
 * only.
 */
export function SetPasswordForm({
  submitLabel,
  type,
  onDone,
  wayOn,
}: {
  submitLabel: string;
  type?: AccountType;
  onDone: (loginId: string) => void;
  /** Where to go when the link is used, expired or incomplete: ask for a new one, or back to the login page. */
  wayOn: LinkWayOnTargets;
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
        {/* The only form-wide error of this form is a link that is used, expired or unknown. */}
        {(linkIncomplete || (form.errors.base?.length ?? 0) > 0) && <LinkWayOn {...wayOn} />}
      </Stack>
    </form>
  );
}

export interface LinkWayOnTargets {
  /** The flow that sends a new link (registration for activation, forgot password for a reset); none on absg B2B. */
  newLinkPath?: string;
  newLinkLabel: string;
  loginPath: string;
}

/** A dead link is not a dead end: a new link, or the login page. */
function LinkWayOn({ newLinkPath, newLinkLabel, loginPath }: LinkWayOnTargets) {
  const { t } = useTranslation('public');
  return (
    <Stack gap={4} component="nav" aria-label={t('linkWayOn.title')}>
      <Text size="sm" fw={600}>
        {t('linkWayOn.title')}
      </Text>
      <Group gap="lg">
        {newLinkPath && (
          <Anchor component={Link} to={newLinkPath} size="sm">
            {newLinkLabel}
          </Anchor>
        )}
        <Anchor component={Link} to={loginPath} size="sm">
          {t('backToLogin')}
        </Anchor>
      </Group>
    </Stack>
  );
}
