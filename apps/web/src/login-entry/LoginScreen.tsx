import { type Area, type MeResponse, type SiteInfo, siteCapabilities } from '@portal/contract';
import { useState } from 'react';
import type { LegalKind } from '../components/legal/legal-types';
import { readPendingLogin } from '../features/public/login/pending-login';
import { hasSessionEndedNotice } from '../lib/session-expiry';
import { isExternalEnabled } from '../lib/site';
import { AreaChoice } from './AreaChoice';
import { CodeStep } from './CodeStep';
import { CredentialsStep } from './CredentialsStep';
import { Alert } from './controls';
import { FactorStep } from './FactorStep';
import { LoginAside } from './LoginAside';
import type { LoginApi } from './login-api';
import { chosenArea, type PageLocale, type PageLocation, siteLoginAreas } from './login-state';
import { useT } from './translator';

/** The login title of a site: staff sign-in on a staff host, "Advisor Login" where the site says so, else "Login". */
export function loginTitle(site: SiteInfo, t: (key: string) => string): string {
  if (!isExternalEnabled(site)) return t('public.staffLogin');
  return siteCapabilities(site.siteCode).loginTitle === 'advisorLogin'
    ? t('public.advisorLogin')
    : t('public.login');
}

/**
 * Login page (docs/product.md, "Sign-in and account screens"): area choice on afs, then credentials or, while a code is
 * pending, the code step; the account links, the legal notice and the copyright line; the aside beside it (under it on
 * a phone).
 */
export function LoginScreen({
  api,
  site,
  me,
  where,
  locale,
  onChooseArea,
  onSession,
  onNotify,
  onOpenLegal,
}: {
  api: LoginApi;
  site: SiteInfo;
  me: MeResponse;
  where: PageLocation;
  locale: PageLocale;
  onChooseArea: (area: Area) => void;
  onSession: (session: MeResponse) => void;
  onNotify: (message: string) => void;
  onOpenLegal: (kind: LegalKind) => void;
}) {
  const { t, rich } = useT();
  // The password is needed once more for the code step; it lives only in this component's memory.
  const [password, setPassword] = useState<string | null>(null);
  const params = new URLSearchParams(where.search);
  const areas = siteLoginAreas(site);
  const area = chosenArea(areas, params);
  const forStaff = !isExternalEnabled(site);
  // The e-mailed code has its own step (CodeStep); passkeys, the authenticator and recovery codes have FactorStep.
  const strongMethods = (me.mfa?.methods ?? []).filter((m) => m !== 'email');
  const legalLink = (kind: LegalKind) => (children: string) => (
    <button type="button" className="anchor anchor-button text-xs" onClick={() => onOpenLegal(kind)}>
      {children}
    </button>
  );

  return (
    <div className="login-grid">
      <div className="login-card">
        <div className="stack stack-lg">
          <h1 className="title-h2">{loginTitle(site, t)}</h1>
          {hasSessionEndedNotice(params) && (
            <Alert tone="orange" title={t('session.endedTitle')}>
              {t('session.endedBody')}
            </Alert>
          )}
          {me.otpUserId != null && strongMethods.length > 0 ? (
            <FactorStep api={api} methods={strongMethods} offerTrust={!forStaff} onSession={onSession} />
          ) : me.otpUserId != null ? (
            <CodeStep
              api={api}
              area={readPendingLogin()?.area ?? area}
              password={password}
              onSession={onSession}
              onNotify={onNotify}
            />
          ) : (
            <>
              {areas.length > 1 && <AreaChoice value={area} onChange={onChooseArea} />}
              <CredentialsStep
                key={area}
                api={api}
                area={area}
                forStaff={forStaff}
                onSession={onSession}
                onPassword={setPassword}
              />
              <AccountLinks site={site} area={area} where={where} locale={locale} />
            </>
          )}
          <hr className="divider" />
          <p className="text-xs text-dimmed text-center">
            {rich('public:login.legalNotice', {
              disclaimer: legalLink('disclaimer'),
              privacy: legalLink('privacy'),
            })}
          </p>
          <p className="text-xs text-dimmed text-center">
            {t('public:login.copyright', { year: new Date().getFullYear(), siteName: site.siteName })}
          </p>
        </div>
      </div>
      <LoginAside site={site} />
    </div>
  );
}

/**
 * Account links under the form (docs/product.md, "Sign-in and account screens"): clients may activate their account or
 * recover their Client ID or password; producers may recover their password, except on absg. None on a staff host. They
 * lead into the SPA.
 */
function AccountLinks({
  site,
  area,
  where,
  locale,
}: {
  site: SiteInfo;
  area: Area;
  where: PageLocation;
  locale: PageLocale;
}) {
  const { t } = useT();
  if (!isExternalEnabled(site)) return null;
  const links =
    area === 'b2c'
      ? [
          { to: '/registration', label: t('public:login.activateAccount') },
          { to: '/forget_password', label: t('public:login.forgotClient') },
        ]
      : siteCapabilities(site.siteCode).has('producerPasswordReset')
        ? [{ to: '/forget_password_b2b', label: t('public:login.forgotProducer') }]
        : [];
  if (links.length === 0) return null;
  return (
    <div className="account-links">
      {links.map((link) => (
        <a key={link.to} className="anchor text-sm" href={`${where.basePath}${locale.prefix}${link.to}`}>
          {link.label}
        </a>
      ))}
    </div>
  );
}
