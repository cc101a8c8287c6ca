import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { externalNavigation } from '../lib/external-navigation';
import { LoadingState } from './LoadingState';

/** Leaves the SPA for an address outside it (the back office), showing "Redirecting..." meanwhile. */
export function ExternalRedirect({ to }: { to: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    externalNavigation.assign(to);
  }, [to]);
  return <LoadingState label={t('app.redirecting')} />;
}
