import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import { Alert, Button, Card, Code, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SecurityOverview, TotpEnrolResponse } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshSession } from '../../lib/session';
import { messageOf, SECURITY_KEY, securityApi } from './security-api';

type Guarded = <T>(action: () => Promise<T>) => Promise<T | undefined>;

/**
 * The authenticator app: set one up (QR code and the secret in text, for people who cannot scan) and confirm with a
 * first code (its recovery codes go to RecoveryCodesSection, shown once); or, when set up, remove it.
 */
export function AuthenticatorSection({
  overview,
  guarded,
  onCodes,
}: {
  overview: SecurityOverview;
  guarded: Guarded;
  onCodes: (codes: string[] | null) => void;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const [enrolment, setEnrolment] = useState<TotpEnrolResponse | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SECURITY_KEY });

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure, t('networkError')));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      const started = await guarded(() => securityApi.startTotp());
      if (started) setEnrolment(started);
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('authenticator.codeFormat'));
      return;
    }
    return run(async () => {
      const { recoveryCodes } = await securityApi.confirmTotp(code.trim());
      setEnrolment(null);
      setCode('');
      onCodes(recoveryCodes);
      await refresh();
      // The enrolment hold (if any) is lifted: the rest of the portal opens again.
      await refreshSession().catch(() => undefined);
    });
  };

  const remove = () =>
    run(async () => {
      if (!window.confirm(t('authenticator.removeConfirm'))) return;
      await guarded(() => securityApi.removeTotp());
      onCodes(null);
      await refresh();
      await refreshSession().catch(() => undefined);
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="security-authenticator">
      <Stack gap="md">
        <Title order={2} size="h4" id="security-authenticator">
          {t('authenticator.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {overview.totpEnabled ? t('authenticator.on') : t('authenticator.off')}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {overview.totpEnabled ? (
          <Group>
            <Button variant="subtle" color="red" onClick={remove} disabled={busy}>
              {t('authenticator.remove')}
            </Button>
          </Group>
        ) : enrolment ? (
          <form onSubmit={confirm} noValidate>
            <Stack gap="sm">
              <Text size="sm">{t('authenticator.scan')}</Text>
              <Image src={enrolment.qrDataUrl} alt={t('authenticator.qrAlt')} w={200} h={200} />
              <Text size="sm">{t('authenticator.secretText')}</Text>
              <Code block data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                {enrolment.secret}
              </Code>
              <TextInput
                label={t('authenticator.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                withAsterisk
              />
              <Group>
                <Button type="submit" loading={busy}>
                  {t('authenticator.confirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button onClick={start} loading={busy}>
              {t('authenticator.setUp')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
