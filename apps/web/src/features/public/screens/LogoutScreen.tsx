import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingState } from '../../../components/LoadingState';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalePath } from '../../../lib/locale';
import { forgetSignedInData, useRefreshSession } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { clearPendingLogin } from '../login/pending-login';

/**
 * /logout (spec 2 §7): entering it ends the session on the server (DELETE /logout), refreshes the session and
 * goes to the login page. A failed call still ends at the login page, with whatever the server says /me is now.
 */
export default function LogoutScreen() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
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
      .then(() => navigate(loginPath, { replace: true }));
  }, [localePath, navigate, refreshSession, queryClient]);

  return <LoadingState label={t('logout.signingOut')} />;
}
