import type { Area, MeResponse } from '@portal/contract';
import { useRef, useState } from 'react';
import { Button, FormAlert } from './controls';
import type { LoginApi } from './login-api';
import { passkeyAssertion, passkeyErrorMessage, passkeysSupported } from './passkey-prompt';
import { useT } from './translator';

/**
 * "Sign in with a passkey": no login name, no password; the browser offers the passkeys it holds for this site
 * (docs/security/account-security.md, "Passkeys"). Hidden where the browser has no WebAuthn.
 */
export function PasskeyButton({
  api,
  area,
  onSession,
}: {
  api: LoginApi;
  area: Area;
  onSession: (session: MeResponse) => void;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[] | undefined>();
  const alertRef = useRef<HTMLDivElement>(null);
  if (!passkeysSupported()) return null;

  async function signIn() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const options = await api.passkeyOptions('sign-in');
      const credential = await passkeyAssertion(options);
      // With a user in it the page navigates away; the button stays busy until it does.
      onSession(await api.passkeyLogin({ area, credential }));
    } catch (failure) {
      setError([passkeyErrorMessage(failure, t('public:passkey.failed'))]);
      setBusy(false);
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  }

  return (
    <div className="stack stack-4">
      <FormAlert messages={error} alertRef={alertRef} />
      <Button variant="subtle" size="md" onClick={signIn} loading={busy}>
        {t('public:passkey.signIn')}
      </Button>
    </div>
  );
}
