import { Alert, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { AccountFlowResponse } from '@portal/contract';
import { API_ROUTES } from '@portal/contract';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api-client';
import { useRefreshSession } from '../lib/session';
import { FormAlert } from './forms/FormAlert';
import { useFormFields } from './forms/useFormFields';
import { useFormSubmit } from './forms/useFormSubmit';
import { usePageTitle } from './usePageTitle';

const FIELDS = ['currentPassword', 'newPassword', 'confirmNewPassword'] as const;

/**
 * Change password, the same for clients (/b2c/change_password) and producers (/b2b/change_password) (docs/auth.md,
 * docs/web.md): three required fields ("Cannot be blank" without asking the server), the server's field errors under
 * their fields and its form-wide error in the red alert; on success a message and an empty form, and the session
 * (rotated by the server) is read again.
 */
export function ChangePasswordForm({ title }: { title: string }) {
  const { t } = useTranslation('account');
  usePageTitle(title);
  const form = useFormFields(FIELDS);
  const refreshSession = useRefreshSession();
  const [succeeded, setSucceeded] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);

  const { submitting, submit: send } = useFormSubmit(form, FIELDS, async () => {
    await api.post<AccountFlowResponse>(API_ROUTES.auth.changePassword.path, form.values);
    // The server gave this session a new id and CSRF token: read them now, not on the next write's 422 retry.
    await refreshSession().catch(() => undefined);
    form.reset();
    setSucceeded(true);
    // The form is empty again; the message is what the person needs to hear next.
    requestAnimationFrame(() => successRef.current?.focus());
  });

  // Every submit, even one that sends nothing, takes away the last success message.
  function submit(event: FormEvent) {
    setSucceeded(false);
    return send(event);
  }

  return (
    <Card withBorder radius="md" padding="xl" maw={520}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('changePassword.intro')}
          </Text>
        </Stack>
        {succeeded && (
          <Alert ref={successRef} color="teal" variant="light" role="status" tabIndex={-1}>
            {t('changePassword.success')}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
            <PasswordInput
              label={t('changePassword.currentPassword')}
              autoComplete="current-password"
              withAsterisk
              {...form.field('currentPassword')}
            />
            <PasswordInput
              label={t('changePassword.newPassword')}
              description={t('changePassword.rule')}
              autoComplete="new-password"
              withAsterisk
              {...form.field('newPassword')}
            />
            <PasswordInput
              label={t('changePassword.confirmNewPassword')}
              autoComplete="new-password"
              withAsterisk
              {...form.field('confirmNewPassword')}
            />
            <Button type="submit" size="md" loading={submitting} style={{ alignSelf: 'flex-start' }}>
              {t('changePassword.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
