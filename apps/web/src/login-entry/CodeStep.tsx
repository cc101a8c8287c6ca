import { type Area, type MeResponse, OTP_CODE_LENGTH, OTP_RESEND_INTERVAL_SECONDS } from '@portal/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useFormFields } from '../components/forms/useFormFields';
import { clearPendingLogin, readPendingLogin } from '../features/public/login/pending-login';
import { useCountdown } from '../features/public/login/useCountdown';
import { isApiError } from '../lib/api-error';
import { Button, FormAlert, TextField } from './controls';
import type { LoginApi } from './login-api';
import { useT } from './translator';

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
 * Second step of a sign-in (the one-time code, docs/auth.md): the 6-digit code from the e-mail, then submit, resend
 * (its answer shown as a notification, and not again before the server's interval: the countdown) or cancel (back to
 * the credentials).
 */
export function CodeStep({
  api,
  area,
  password,
  onSession,
  onNotify,
}: {
  api: LoginApi;
  area: Area;
  password: string | null;
  onSession: (session: MeResponse) => void;
  onNotify: (message: string) => void;
}) {
  const { t } = useT();
  const form = useFormFields(FIELDS);
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
    if (busy || !form.requireFilled(FIELDS, t('form.required'))) return;
    const otpCode = form.values.otpCode.trim();
    if (!CODE_PATTERN.test(otpCode)) {
      form.fail({ otpCode: [t('public:otp.codeFormat')] });
      return;
    }
    setBusy('verify');
    try {
      const session = await api.login({ login, password: password ?? NOT_KEPT, area: pendingArea, otpCode });
      clearPendingLogin();
      // The page navigates to the area; the button stays busy until it does.
      onSession(session);
    } catch (error) {
      form.setValue('otpCode', '');
      form.showError(error, t('form.networkError'));
      setBusy(null);
    }
  }

  async function resend() {
    if (busy || cooldown.seconds > 0) return;
    setBusy('resend');
    form.clearErrors();
    try {
      const { msg } = await api.resendOtp({ login, area: pendingArea });
      onNotify(msg);
      cooldown.restart(OTP_RESEND_INTERVAL_SECONDS);
    } catch (error) {
      form.showError(error, t('form.networkError'));
      if (isApiError(error) && error.retryAfterSeconds) cooldown.restart(error.retryAfterSeconds);
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    if (busy) return;
    setBusy('cancel');
    let session: MeResponse | null = null;
    try {
      session = await api.cancelOtp();
    } catch {
      // Pending sign-in already gone (expired): the login form is where the person goes either way.
    }
    clearPendingLogin();
    if (!session) session = await api.me().catch(() => null);
    setBusy(null);
    onSession(session ? { ...session, otpUserId: null } : cancelledSession);
  }

  return (
    <form onSubmit={verify} noValidate aria-label={t('public:otp.title')}>
      <div className="stack stack-md">
        <div className="stack stack-4">
          <p className="text-strong">{t('public:otp.title')}</p>
          <p className="text-sm text-dimmed">{t('public:otp.intro')}</p>
        </div>
        <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
        <TextField
          label={t('public:otp.code')}
          description={t('public:otp.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_CODE_LENGTH}
          inputClassName="code-input"
          field={form.field('otpCode')}
        />
        <Button
          type="submit"
          size="md"
          loading={busy === 'verify'}
          disabled={busy !== null && busy !== 'verify'}
        >
          {t('public:otp.submit')}
        </Button>
        <div className="stack stack-4">
          <Button
            variant="subtle"
            onClick={resend}
            loading={busy === 'resend'}
            disabled={(busy !== null && busy !== 'resend') || cooldown.seconds > 0}
          >
            {t('public:otp.resend')}
          </Button>
          {cooldown.seconds > 0 && (
            <p className="text-sm text-dimmed text-center">
              {t('public:otp.resendIn', { count: cooldown.seconds })}
            </p>
          )}
          <Button
            variant="subtle-gray"
            onClick={cancel}
            loading={busy === 'cancel'}
            disabled={busy !== null && busy !== 'cancel'}
          >
            {t('public:otp.cancel')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** When neither the cancel nor a fresh /me answered: nobody is signed in and no code is pending, as far as we know. */
const cancelledSession: MeResponse = {
  currentClient: null,
  currentProducer: null,
  currentStaff: null,
  csrfToken: '',
  otpUserId: null,
};
