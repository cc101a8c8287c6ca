import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type AccountRecoveryAction,
  API_ROUTES,
  apiPath,
  IDENTITY_CHECKS,
  type IdentityCheck,
  type RecoveryAccount,
  SITE_CODES,
  type SiteCode,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { api } from '../../../lib/api-client';
import { ApiError, type FieldErrors } from '../../../lib/api-error';

const routes = API_ROUTES.auth;

type Change = 'endSessions' | 'resetFactors';

const firstError = (errors: FieldErrors, field: string) => errors[field]?.[0];

/**
 * /internal/account_recovery (staff with the Account Recovery menu row; docs/security/account-security.md, "Recovery
 * by the office"): find an account by site and sign-in name, see what secures it, then sign it out everywhere or reset
 * its second factors — after checking who is asking, which the form records with the reason. The server asks for the
 * staff member's own recent check first (the step-up dialog).
 */
export default function AccountRecoveryScreen() {
  const { t } = useTranslation('security');
  usePageTitle(t('office.title'));
  const [site, setSite] = useState<SiteCode>('afs');
  const [login, setLogin] = useState('');
  const [found, setFound] = useState<RecoveryAccount | null>(null);
  const [findError, setFindError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const [identityCheck, setIdentityCheck] = useState<IdentityCheck | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<Change | null>(null);
  const [done, setDone] = useState<Change | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);

  async function find(event: FormEvent) {
    event.preventDefault();
    setFound(null);
    setDone(null);
    setChangeError(null);
    if (!login.trim()) {
      setFindError(t('required'));
      return;
    }
    setFinding(true);
    try {
      setFound(
        await api.get<RecoveryAccount>(routes.recoveryAccount.path, { query: { site, login: login.trim() } }),
      );
      setFindError(null);
    } catch (failure) {
      setFindError(
        failure instanceof ApiError && failure.status === 404
          ? t('office.notFound')
          : failure instanceof Error
            ? failure.message
            : t('networkError'),
      );
    } finally {
      setFinding(false);
    }
  }

  async function change(kind: Change) {
    if (!found) return;
    const missing: FieldErrors = {};
    if (!identityCheck) missing.identityCheck = [t('required')];
    if (note.trim().length < 5) missing.note = [t('office.noteTooShort')];
    setErrors(missing);
    setDone(null);
    setChangeError(null);
    if (Object.keys(missing).length > 0) return;
    if (!window.confirm(t(kind === 'endSessions' ? 'office.confirmEndSessions' : 'office.confirmReset')))
      return;
    const body: AccountRecoveryAction = { identityCheck: identityCheck as IdentityCheck, note: note.trim() };
    const route = kind === 'endSessions' ? routes.recoveryEndSessions : routes.recoveryResetFactors;
    setBusy(kind);
    try {
      setFound(await api.post<RecoveryAccount>(apiPath(route, { id: found.id }), body));
      setDone(kind);
      setNote('');
      setIdentityCheck(null);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length > 0)
        setErrors(failure.fieldErrors);
      else setChangeError(failure instanceof Error ? failure.message : t('networkError'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('office.title')}
      </Title>
      <Text size="sm">{t('office.intro')}</Text>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="office-find">
        <form onSubmit={find} noValidate>
          <Stack gap="md">
            <Title order={2} size="h4" id="office-find">
              {t('office.find')}
            </Title>
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('office.site')}
                data={SITE_CODES.map((code) => ({ value: code, label: code.toUpperCase() }))}
                value={site}
                onChange={(value) => value && setSite(value as SiteCode)}
                allowDeselect={false}
                w={140}
              />
              <TextInput
                label={t('office.login')}
                value={login}
                onChange={(event) => setLogin(event.currentTarget.value)}
                error={findError}
                autoComplete="off"
                miw={220}
              />
              <Button type="submit" loading={finding}>
                {t('office.findButton')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {found && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="office-account">
          <Stack gap="md">
            <Title order={2} size="h4" id="office-account">
              {found.name || found.login} ({found.login}, {found.site.toUpperCase()})
            </Title>
            <List size="sm" spacing={4}>
              <List.Item>
                {t('office.kind')}: {t(`office.kinds.${found.kind}`)}
              </List.Item>
              <List.Item>
                {t('office.authenticator')}:{' '}
                {found.totpEnabled ? t('office.authenticatorOn') : t('office.authenticatorOff')}
              </List.Item>
              <List.Item>{t('office.passkeys', { count: found.passkeys })}</List.Item>
              <List.Item>{t('office.recoveryCodes', { count: found.recoveryCodesLeft })}</List.Item>
              <List.Item>{t('office.trustedBrowsers', { count: found.trustedBrowsers })}</List.Item>
              <List.Item>{t('office.sessions', { count: found.sessions })}</List.Item>
            </List>
            {done && (
              <Alert color="green" role="status">
                {t(done === 'endSessions' ? 'office.doneEndSessions' : 'office.doneReset')}
              </Alert>
            )}
            {changeError && (
              <Alert color="red" role="alert">
                {changeError}
              </Alert>
            )}
            <Select
              label={t('office.identityCheck')}
              placeholder={t('office.identityCheckPlaceholder')}
              data={IDENTITY_CHECKS.map((value) => ({ value, label: t(`office.checks.${value}`) }))}
              value={identityCheck}
              onChange={(value) => setIdentityCheck(value as IdentityCheck | null)}
              error={firstError(errors, 'identityCheck')}
              required
              maw={560}
            />
            <Textarea
              label={t('office.note')}
              description={t('office.noteHint')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={firstError(errors, 'note')}
              autosize
              minRows={2}
              maxLength={500}
              required
              maw={560}
            />
            <Group wrap="wrap">
              <Button
                variant="default"
                loading={busy === 'endSessions'}
                onClick={() => change('endSessions')}
              >
                {t('office.endSessions')}
              </Button>
              <Button color="red" loading={busy === 'resetFactors'} onClick={() => change('resetFactors')}>
                {t('office.resetFactors')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
