import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { StepUpRequest } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, securityApi } from './security-api';

/**
 * The check a sensitive change asks for when the last one is older than the server's step-up window: the
 * authenticator (or a recovery code) for accounts that have one, else the current password. On success the caller
 * retries the change.
 */
export function StepUpDialog({
  opened,
  methods,
  onDone,
  onCancel,
}: {
  opened: boolean;
  methods: StepUpRequest['method'][];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const [method, setMethod] = useState<StepUpRequest['method']>(methods[0] ?? 'password');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('required'));
      return;
    }
    setBusy(true);
    try {
      await securityApi.stepUp({ method, code: method === 'password' ? code : code.trim() });
      setCode('');
      setError(null);
      onDone();
    } catch (failure) {
      setError(messageOf(failure, t('networkError')));
    } finally {
      setBusy(false);
    }
  }

  const other =
    method === 'totp' && methods.includes('recovery') ? 'recovery' : method === 'recovery' ? 'totp' : null;
  return (
    <Modal opened={opened} onClose={onCancel} title={t('stepUp.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`stepUp.intro.${method}`)}</Text>
          {method === 'password' ? (
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
          {other && (
            <Button variant="subtle" onClick={() => setMethod(other)}>
              {other === 'recovery' ? t('stepUp.useRecovery') : t('stepUp.useTotp')}
            </Button>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('stepUp.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
