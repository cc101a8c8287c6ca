import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { PasskeyAssertion, StepUpRequest } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, securityApi } from './security-api';

type Method = StepUpRequest['method'];

/** The way offered beside the one shown: the authenticator and its recovery codes pair up, a passkey with the rest. */
function otherMethods(method: Method, methods: Method[]): Method[] {
  const pairs: Record<Method, Method[]> = {
    webauthn: ['totp', 'password'],
    totp: ['recovery', 'webauthn'],
    recovery: ['totp', 'webauthn'],
    password: ['webauthn'],
  };
  return pairs[method].filter((m) => methods.includes(m));
}

const SWITCH_LABEL: Record<Method, string> = {
  webauthn: 'stepUp.usePasskey',
  totp: 'stepUp.useTotp',
  recovery: 'stepUp.useRecovery',
  password: 'stepUp.usePassword',
};

/** Asks the browser for one of this account's passkeys; the WebAuthn helper loads on first use only. */
async function passkeyAnswer(): Promise<PasskeyAssertion> {
  const { options } = await securityApi.stepUpPasskeyOptions();
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as PasskeyAssertion;
}

/**
 * The check a sensitive change asks for when the last one is older than the server's step-up window: the passkey,
 * the authenticator or a recovery code for accounts that have them, else the current password (the server's
 * `stepUpMethods`, first one shown). On success the change is sent again (StepUpHost).
 */
export function StepUpDialog({
  opened,
  methods,
  onDone,
  onCancel,
}: {
  opened: boolean;
  methods: Method[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const [method, setMethod] = useState<Method>(methods[0] ?? 'password');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(body: () => Promise<StepUpRequest>) {
    setBusy(true);
    try {
      await securityApi.stepUp(await body());
      setCode('');
      setError(null);
      onDone();
    } catch (failure) {
      setError(messageOf(failure, t(method === 'webauthn' ? 'stepUp.passkeyFailed' : 'networkError')));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (method === 'webauthn') return void check(async () => ({ method, credential: await passkeyAnswer() }));
    if (!code.trim()) {
      setError(t('required'));
      return;
    }
    void check(async () => ({ method, code: method === 'password' ? code : code.trim() }));
  }

  const switchTo = (next: Method) => {
    setMethod(next);
    setError(null);
    setCode('');
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={t('stepUp.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`stepUp.intro.${method}`)}</Text>
          {method === 'webauthn' ? (
            error && (
              <Text size="sm" c="red.8" role="alert">
                {error}
              </Text>
            )
          ) : method === 'password' ? (
            <PasswordInput
              label={t('stepUp.password')}
              autoComplete="current-password"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
          ) : (
            <TextInput
              label={method === 'totp' ? t('stepUp.code') : t('stepUp.recoveryCode')}
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
          )}
          {otherMethods(method, methods).map((other) => (
            <Button key={other} variant="subtle" onClick={() => switchTo(other)}>
              {t(SWITCH_LABEL[other])}
            </Button>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} data-autofocus={method === 'webauthn' || undefined}>
              {method === 'webauthn' ? t('stepUp.usePasskey') : t('stepUp.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
