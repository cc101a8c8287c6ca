import '@mantine/core/styles/Code.css';
import { Alert, Button, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import type { SecurityOverview } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, SECURITY_KEY, securityApi } from './security-api';

type Guarded = <T>(action: () => Promise<T>) => Promise<T | undefined>;

/**
 * Recovery codes: they come with the account's first strong factor (authenticator or passkey) and are shown once,
 * when made; afterwards the page says how many are left, warns at two or fewer, and makes a new set.
 */
export function RecoveryCodesSection({
  overview,
  codes,
  onCodes,
  guarded,
}: {
  overview: SecurityOverview;
  /** Codes just made (by an enrolment or a renewal), shown this once. */
  codes: string[] | null;
  onCodes: (codes: string[] | null) => void;
  guarded: Guarded;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!codes && !overview.recoveryCodesEnabled) return null;

  const renew = async () => {
    setBusy(true);
    setError(null);
    try {
      const renewed = await guarded(() => securityApi.renewRecoveryCodes());
      if (renewed) onCodes(renewed.recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    } catch (failure) {
      setError(messageOf(failure, t('networkError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="security-recovery">
      <Stack gap="md">
        <Title order={2} size="h4" id="security-recovery">
          {t('recovery.title')}
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {codes && (
          <Alert color="teal" role="status">
            <Stack gap="xs">
              <Text size="sm">{t('recovery.showOnce')}</Text>
              <List size="sm" aria-label={t('recovery.title')}>
                {codes.map((c) => (
                  <List.Item key={c}>
                    <Code>{c}</Code>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        )}
        {overview.recoveryCodesEnabled && (
          <Stack gap="sm">
            <Text size="sm">{t('recovery.left', { count: overview.recoveryCodesLeft })}</Text>
            {overview.recoveryCodesLow && (
              <Alert color="orange" role="status">
                {t('recovery.low')}
              </Alert>
            )}
            <Group>
              <Button variant="default" onClick={renew} loading={busy}>
                {t('recovery.renew')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
