import { Alert, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchError } from '../FetchError';
import { LoadingState } from '../LoadingState';
import { usePageTitle } from '../usePageTitle';
import { ActivitySection, TrustedBrowsersSection } from './ActivitySection';
import { AuthenticatorSection } from './AuthenticatorSection';
import { PasskeysSection } from './PasskeysSection';
import { RecoveryCodesSection } from './RecoveryCodesSection';
import { SessionsSection } from './SessionsSection';
import { overviewQuery } from './security-api';
import { useStepUp } from './useStepUp';

/**
 * The Security page of every audience (docs/security/account-security.md): authenticator and recovery codes, passkeys,
 * trusted browsers (not for staff), sessions and recent activity. A change that needs a fresh check asks for it in a
 * dialog (StepUpHost) and is sent again.
 */
export function SecurityPanel() {
  const { t } = useTranslation('security');
  usePageTitle(t('title'));
  const overview = useQuery(overviewQuery());
  const guarded = useStepUp();
  // Recovery codes just made (by an enrolment or a renewal): shown once, in their own section.
  const [codes, setCodes] = useState<string[] | null>(null);
  if (overview.isPending) return <LoadingState />;
  if (overview.isError) return <FetchError error={overview.error} onRetry={() => overview.refetch()} />;
  const data = overview.data;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {data.enrolmentRequired && (
        <Alert color="orange" role="alert" title={t('enrolment.title')}>
          {t('enrolment.body')}
        </Alert>
      )}
      {!data.enrolmentRequired && data.strongFactorRequired && !data.totpEnabled && data.graceEndsAt && (
        <Alert color="yellow" role="status">
          {t('enrolment.grace', { date: data.graceEndsAt.slice(0, 10) })}
        </Alert>
      )}
      <AuthenticatorSection overview={data} guarded={guarded} onCodes={setCodes} />
      <PasskeysSection guarded={guarded} onCodes={setCodes} />
      <RecoveryCodesSection overview={data} codes={codes} onCodes={setCodes} guarded={guarded} />
      {!data.enrolmentRequired && (
        <>
          {data.trustedBrowsersAllowed && <TrustedBrowsersSection />}
          <SessionsSection guarded={guarded} />
          <ActivitySection />
        </>
      )}
    </Stack>
  );
}
