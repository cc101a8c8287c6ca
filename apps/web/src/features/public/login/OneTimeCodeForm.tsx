import { Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Area, OTP_CODE_LENGTH, OTP_RESEND_INTERVAL_SECONDS } from '@portal/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/FormAlert';
import { useFormFields } from '../../../components/forms/useFormFields';
import { isApiError } from '../../../lib/api-client';
import { useRefreshSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { clearPendingLogin, readPendingLogin } from './pending-login';
import { useCountdown } from './useCountdown';

const FIELDS = ['otpCode'] as const;
const CODE_PATTERN = new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`);

/**
 * Placeholder credentials for the code step after a reload. The server completes the sign-in pending in the session
 * and does not read login or password in this step (apps/server/src/modules/auth/login.ts), but the shared request
 * schema requires both; the password is never stored, so after a reload there is nothing real to send.
 */
const NOT_KEPT = '-';

type Busy = 'verify' | 'resend' | 'cancel' | null;

/**
 * Second step of a sign-in (spec 2 §2 "One-time-code form"): the 6-digit code from the e-mail, then submit, resend
 * (its answer shown as a notification) or cancel (back to the login form).
 */
export function OneTimeCodeForm({ area, password }: { area: Area; password: string | null }) {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const form = useFormFields(FIELDS);
  const refreshSession = useRefreshSession();
  const [busy, setBusy] = useState<Busy>(null);
  const pending = readPendingLogin();
  const login = pending?.login || NOT_KEPT;
  const pendingArea = pending?.area ?? area;
  // A code went out just before this form appeared; the server sends the next one only after the interval.
  const cooldown = useCountdown(OTP_RESEND_INTERVAL_SECONDS);

  // The code field is the only thing to do here: put the caret in it (also after cancel → sign in → code again).
  const { focusField } = form;
  useEffect(() => focusField('otpCode'), [focusField]);

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (busy || !form.requireFilled(FIELDS, tc('form.required'))) return;
    const otpCode = form.values.otpCode.trim();
    if (!CODE_PATTERN.test(otpCode)) {
      form.fail({ otpCode: [t('otp.codeFormat')] });
      return;
    }
    setBusy('verify');
    try {
      await authApi.login({ login, password: password ?? NOT_KEPT, area: pendingArea, otpCode });
      clearPendingLogin();
      await refreshSession();
    } catch (error) {
      form.setValue('otpCode', '');
      form.showError(error, tc('form.networkError'));
      setBusy(null);
    }
  }

  async function resend() {
    if (busy || cooldown.seconds > 0) return;
    setBusy('resend');
    form.clearErrors();
    try {
      const { msg } = await authApi.resendOtp({ login, area: pendingArea });
      notifications.show({ title: tc('app.notification'), message: msg, color: 'teal' });
      cooldown.restart(OTP_RESEND_INTERVAL_SECONDS);
    } catch (error) {
      form.showError(error, tc('form.networkError'));
      if (isApiError(error) && error.retryAfterSeconds) cooldown.restart(error.retryAfterSeconds);
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    if (busy) return;
    setBusy('cancel');
    try {
      await authApi.cancelOtp();
    } catch {
      // Pending sign-in already gone (expired): the login form is where the person goes either way.
    }
    clearPendingLogin();
    await refreshSession().catch(() => undefined);
    setBusy(null);
  }

  return (
    <form onSubmit={verify} noValidate aria-label={t('otp.title')}>
      <Stack gap="md">
        <Stack gap={4}>
          <Text fw={600}>{t('otp.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('otp.intro')}
          </Text>
        </Stack>
        <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
        <TextInput
          label={t('otp.code')}
          description={t('otp.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_CODE_LENGTH}
          withAsterisk
          styles={{
            input: { letterSpacing: '0.4em', fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' },
          }}
          {...form.field('otpCode')}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={busy === 'verify'}
          disabled={busy !== null && busy !== 'verify'}
        >
          {t('otp.submit')}
        </Button>
        <Stack gap={4}>
          <Button
            variant="subtle"
            fullWidth
            onClick={resend}
            loading={busy === 'resend'}
            disabled={(busy !== null && busy !== 'resend') || cooldown.seconds > 0}
          >
            {t('otp.resend')}
          </Button>
          {cooldown.seconds > 0 && (
            <Text size="sm" c="dimmed" ta="center">
              {t('otp.resendIn', { count: cooldown.seconds })}
            </Text>
          )}
          <Button
            variant="subtle"
            color="gray"
            fullWidth
            onClick={cancel}
            loading={busy === 'cancel'}
            disabled={busy !== null && busy !== 'cancel'}
          >
            {t('otp.cancel')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
