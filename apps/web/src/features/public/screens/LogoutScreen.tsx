import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/LoadingState';
import { usePageTitle } from '../../../components/usePageTitle';
import { getBasePath } from '../../../lib/api-client';
import { externalNavigation } from '../../../lib/external-navigation';
import { useLocalePath } from '../../../lib/locale';
import { forgetSignedInData, useRefreshSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { clearPendingLogin } from '../login/pending-login';

/**
 * /logout (docs/auth.md): entering it ends the session on the server (DELETE /logout), refreshes the session and
 * loads the login page. A failed call still ends at the login page, with whatever the server says /me is now.
 */
export default function LogoutScreen() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const localePath = useLocalePath();
  const refreshSession = useRefreshSession();
  const queryClient = useQueryClient();
  const started = useRef(false);
  usePageTitle(tc('public.logout'));

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    const loginPath = localePath('/login');
    authApi
      .logout()
      .catch(() => undefined)
      .then(() => {
        clearPendingLogin();
        forgetSignedInData(queryClient);
        return refreshSession().catch(() => undefined);
      })
      // The login page is its own document (login.html): a full page load, in place of /logout in the history.
      .then(() => externalNavigation.replace(`${getBasePath()}${loginPath}`));
  }, [localePath, refreshSession, queryClient]);

  return <LoadingState label={t('logout.signingOut')} />;
}
