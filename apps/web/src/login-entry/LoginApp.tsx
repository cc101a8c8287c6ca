import type { Area, MeResponse, SiteInfo } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import type { LegalKind } from '../components/legal/legal-types';
import { LegalDialog } from './LegalDialog';
import { LoginFrame } from './LoginFrame';
import { LoginNotice } from './LoginNotice';
import { LoginScreen, loginTitle } from './LoginScreen';
import type { LoginApi } from './login-api';
import { destinationAfterSignIn, type PageLocale, type PageLocation } from './login-state';
import { useT } from './translator';

export interface LoginAppProps {
  api: LoginApi;
  site: SiteInfo;
  me: MeResponse;
  where: PageLocation;
  locale: PageLocale;
  /** Leaves for the SPA (a full page load); tests pass a spy. */
  navigate: (url: string) => void;
}

/** The whole login page: frame, screen, the legal dialog and the resend notice, and the way on after signing in. */
export function LoginApp({ api, site, me: initialMe, where: initialWhere, locale, navigate }: LoginAppProps) {
  const { t } = useT();
  const [me, setMe] = useState(initialMe);
  const [where, setWhere] = useState(initialWhere);
  const [legal, setLegal] = useState<{ kind: LegalKind; id: number } | null>(null);
  const [notice, setNotice] = useState<{ message: string; id: number } | null>(null);

  useEffect(() => {
    document.title = `${loginTitle(site, t)} | ${site.siteName}`;
  }, [site, t]);

  const onSession = useCallback(
    (session: MeResponse) => {
      const destination = destinationAfterSignIn(session, where, locale);
      if (destination) navigate(destination);
      else setMe(session);
    },
    [where, locale, navigate],
  );

  // `?area=` stays in the URL (a reload and the language links keep the choice), without a new history entry.
  const chooseArea = (area: Area) => {
    const params = new URLSearchParams(where.search);
    params.set('area', area);
    const search = `?${params.toString()}`;
    window.history.replaceState(window.history.state, '', `${where.basePath}${where.pathname}${search}`);
    setWhere({ ...where, search });
  };

  const closeNotice = useCallback(() => setNotice(null), []);

  return (
    <LoginFrame
      site={site}
      where={where}
      locale={locale}
      onOpenLegal={(kind) => setLegal({ kind, id: Date.now() })}
    >
      <LoginScreen
        api={api}
        site={site}
        me={me}
        where={where}
        locale={locale}
        onChooseArea={chooseArea}
        onSession={onSession}
        onNotify={(message) => setNotice({ message, id: Date.now() })}
        onOpenLegal={(kind) => setLegal({ kind, id: Date.now() })}
      />
      {legal && <LegalDialog key={legal.id} kind={legal.kind} site={site} onClose={() => setLegal(null)} />}
      {notice && <LoginNotice key={notice.id} message={notice.message} onClose={closeNotice} />}
    </LoginFrame>
  );
}
