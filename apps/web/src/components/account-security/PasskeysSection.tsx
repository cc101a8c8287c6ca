import { Button, Card, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import type { Passkey, PasskeyRegisterRequest } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../data-table/DataTable';
import { formatWhen, messageOf, passkeysQuery, SECURITY_KEY, securityApi } from './security-api';

type Guarded = <T>(action: () => Promise<T>) => Promise<T | undefined>;

/** Asks the browser to make a passkey for the server's options; the WebAuthn helper loads on first use. */
async function createPasskey(options: Record<string, unknown>) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const answer = await startRegistration({ optionsJSON: options as never });
  return answer as unknown as PasskeyRegisterRequest['credential'];
}

/**
 * The account's passkeys: add one under a name (the browser or a security key makes it), see when each was last
 * used, remove one. Adding and removing need a recent check, asked for in the step-up dialog.
 */
export function PasskeysSection({
  guarded,
  onCodes,
}: {
  guarded: Guarded;
  /** The account's first strong factor comes with recovery codes, shown once. */
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQuery());
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

  async function run(action: () => Promise<unknown>) {
    setError(null);
    setBusy(true);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    } catch (failure) {
      setError(
        failure instanceof DOMException ? t('passkeys.failed') : messageOf(failure, t('networkError')),
      );
    } finally {
      setBusy(false);
    }
  }

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('passkeys.nameRequired'));
      return;
    }
    return run(async () => {
      const started = await guarded(() => securityApi.passkeyOptions());
      if (!started) return;
      const credential = await createPasskey(started.options);
      const saved = await guarded(() => securityApi.registerPasskey({ name: trimmed, credential }));
      if (saved?.recoveryCodes) onCodes(saved.recoveryCodes);
      setName('');
    });
  };

  const remove = (row: Passkey) =>
    run(async () => {
      if (!window.confirm(t('passkeys.removeConfirm', { name: row.name }))) return;
      await guarded(() => securityApi.removePasskey(row.id));
    });

  const columns: DataColumn<Passkey>[] = [
    { key: 'name', header: t('passkeys.name'), cell: (row) => row.name },
    { key: 'createdAt', header: t('passkeys.added'), cell: (row) => formatWhen(row.createdAt), nowrap: true },
    {
      key: 'lastUsedAt',
      header: t('passkeys.lastUsed'),
      cell: (row) => (row.lastUsedAt ? formatWhen(row.lastUsedAt) : t('passkeys.never')),
      nowrap: true,
    },
    {
      key: 'action',
      header: <VisuallyHidden>{t('passkeys.remove')}</VisuallyHidden>,
      cell: (row) => (
        <Button size="xs" variant="subtle" color="red" onClick={() => remove(row)} disabled={busy}>
          {t('passkeys.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="security-passkeys">
      <Stack gap="md">
        <Title order={2} size="h4" id="security-passkeys">
          {t('passkeys.title')}
        </Title>
        <Text size="sm">{t('passkeys.intro')}</Text>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <DataTable
          columns={columns}
          rows={passkeys.data ?? []}
          rowKey={(row) => String(row.id)}
          caption={t('passkeys.title')}
          loading={passkeys.isPending}
          emptyText={t('passkeys.none')}
          narrowLayout="stack"
        />
        {supported ? (
          <form onSubmit={add} aria-label={t('passkeys.add')}>
            <Group align="flex-end">
              <TextInput
                label={t('passkeys.name')}
                description={t('passkeys.nameHint')}
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <Button type="submit" loading={busy}>
                {t('passkeys.add')}
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            {t('passkeys.unsupported')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
