import type { MeResponse } from '@portal/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useFormFields } from '../components/forms/useFormFields';
import { clearPendingLogin } from '../features/public/login/pending-login';
import { Button, FormAlert, TextField } from './controls';
import type { LoginApi } from './login-api';
import { passkeyAssertion, passkeyErrorMessage, passkeysSupported } from './passkey-prompt';
import { useT } from './translator';

const FIELDS = ['code'] as const;
const TOTP_PATTERN = /^\d{6}$/;

type Busy = 'verify' | 'passkey' | 'cancel' | null;

/**
 * Second step of a sign-in with a strong factor (docs/security/account-security.md): a passkey, the 6-digit code
 * from the authenticator app, or a recovery code; on a client or producer host the person may trust this browser for 30 days. Cancel goes back
 * to the credentials, as on the e-mailed code's step.
 */
export function FactorStep({
  api,
  methods,
  offerTrust,
  onSession,
}: {
  api: LoginApi;
  methods: readonly string[];
  offerTrust: boolean;
  onSession: (session: MeResponse) => void;
}) {
  const { t } = useT();
  const form = useFormFields(FIELDS);
  const [busy, setBusy] = useState<Busy>(null);
  const [method, setMethod] = useState<'totp' | 'recovery'>(methods.includes('totp') ? 'totp' : 'recovery');
  const [trust, setTrust] = useState(false);
  const trustId = useId();
  const { focusField } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caret moves to the field whenever the method changes
  useEffect(() => focusField('code'), [focusField, method]);

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (busy || !form.requireFilled(FIELDS, t('form.required'))) return;
    const code = form.values.code.trim();
    if (method === 'totp' && !TOTP_PATTERN.test(code)) {
      form.fail({ code: [t('public:mfa.codeFormat')] });
      return;
    }
    setBusy('verify');
    try {
      const session = await api.loginMfa({ method, code, ...trustBrowser });
      clearPendingLogin();
      onSession(session);
    } catch (error) {
      form.setValue('code', '');
      form.showError(error, t('form.networkError'));
      setBusy(null);
    }
  }

  const trustBrowser = offerTrust && trust ? { trustBrowser: true } : {};
  const offerPasskey = methods.includes('webauthn') && passkeysSupported();
  const offerCodes = methods.includes('totp') || methods.includes('recovery');

  async function usePasskey() {
    if (busy) return;
    setBusy('passkey');
    form.clearErrors();
    try {
      const credential = await passkeyAssertion(await api.passkeyOptions('second-factor'));
      const session = await api.loginMfa({ method: 'webauthn', credential, ...trustBrowser });
      clearPendingLogin();
      onSession(session);
    } catch (error) {
      form.fail({ base: [passkeyErrorMessage(error, t('public:passkey.failed'))] });
      setBusy(null);
    }
  }

  async function cancel() {
    if (busy) return;
    setBusy('cancel');
    const session = await api.cancelOtp().catch(() => api.me().catch(() => null));
    clearPendingLogin();
    setBusy(null);
    if (session) onSession({ ...session, otpUserId: null, mfa: undefined });
  }

  const other = method === 'totp' ? 'recovery' : 'totp';
  return (
    <form onSubmit={verify} noValidate aria-label={t('public:mfa.title')}>
      <div className="stack stack-md">
        <div className="stack stack-4">
          <p className="text-strong">{t('public:mfa.title')}</p>
          <p className="text-sm text-dimmed">
            {!offerCodes
              ? t('public:mfa.introPasskey')
              : method === 'totp'
                ? t('public:mfa.introTotp')
                : t('public:mfa.introRecovery')}
          </p>
        </div>
        <FormAlert messages={form.errors.base} alertRef={form.alertRef} />
        {offerPasskey && (
          <Button
            size="md"
            variant={offerCodes ? 'subtle' : 'filled'}
            onClick={usePasskey}
            loading={busy === 'passkey'}
            disabled={busy !== null && busy !== 'passkey'}
          >
            {t('public:passkey.useForStep')}
          </Button>
        )}
        {offerCodes && (
          <TextField
            key={method}
            label={method === 'totp' ? t('public:mfa.code') : t('public:mfa.recoveryCode')}
            description={method === 'totp' ? t('public:mfa.codeHint') : undefined}
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            maxLength={method === 'totp' ? 6 : 40}
            inputClassName={method === 'totp' ? 'code-input' : undefined}
            field={form.field('code')}
          />
        )}
        {offerTrust && (
          <label className="text-sm" htmlFor={trustId}>
            <input
              id={trustId}
              type="checkbox"
              checked={trust}
              onChange={(event) => setTrust(event.currentTarget.checked)}
            />{' '}
            {t('public:mfa.trust')}
          </label>
        )}
        {offerCodes && (
          <Button
            type="submit"
            size="md"
            loading={busy === 'verify'}
            disabled={busy !== null && busy !== 'verify'}
          >
            {t('public:mfa.submit')}
          </Button>
        )}
        <div className="stack stack-4">
          {methods.includes(other) && (
            <Button
              variant="subtle"
              onClick={() => {
                form.clearErrors();
                form.setValue('code', '');
                setMethod(other);
              }}
              disabled={busy !== null}
            >
              {other === 'recovery' ? t('public:mfa.useRecovery') : t('public:mfa.useTotp')}
            </Button>
          )}
          <Button
            variant="subtle-gray"
            onClick={cancel}
            loading={busy === 'cancel'}
            disabled={busy !== null && busy !== 'cancel'}
          >
            {t('public:mfa.cancel')}
          </Button>
        </div>
      </div>
    </form>
  );
}
