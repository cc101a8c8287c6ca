import { hasMenuPath, INTERNAL_PERMISSIONS, type InternalPermission } from '@portal/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage';
import { useLocale } from '../lib/locale';
import { loginPathWithReferrer, signedInDestination } from '../lib/referrer';
import { useMe, useSiteInfo } from '../lib/session';
import { sessionEndedLoginPath, sessionEndedRecently } from '../lib/session-expiry';
import { isInternalEnabled, siteHasArea } from '../lib/site';
import { LoginPageLoad } from './LoginPageLoad';
import { PublicLayout } from './screens';

/**
 * Route access rules (docs/web.md, "Access rules"), evaluated in this order:
 * 1. a locale segment the site does not offer, or an area the site does not have → Page Not Found;
 * 2. a protected area without its user → {locale}/login?referrer=<where they wanted to go> (plus &session=ended
 *    when the session has just ended on the server: SessionWatch);
 * 3. /internal without a staff user → the staff host's sign-in (the back office is not the way in: it may not
 *    exist, decision 035);
 * 4. inside /internal, a screen whose permission (menu path) the staff member lacks is not registered at all, so its
 *    path is the area's Page Not Found; the server's 403 is the real gate (docs/internal/staff-area-plan.md (c), (g5)).
 */

/** Page Not Found inside the public frame, for paths that exist nowhere for this user or site. */
export function NotFoundInPublicLayout() {
  return (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  );
}

/** Element of each locale root ('/', '/zh', …): a prefix the site does not offer shows Page Not Found. */
export function LocaleScope() {
  const { unsupported } = useLocale();
  return unsupported ? <NotFoundInPublicLayout /> : <Outlet />;
}

/** The login page (its own document, a full page load) with the way back, and the notice when the session ended. */
function RedirectToLogin() {
  const location = useLocation();
  const { prefix } = useLocale();
  return (
    <LoginPageLoad
      to={
        sessionEndedRecently()
          ? sessionEndedLoginPath(prefix, location)
          : loginPathWithReferrer(prefix, location)
      }
    />
  );
}

/**
 * A session held to enrolment (the account must have an authenticator and its grace period is over) sees only its
 * area's Security page; the server refuses every other call anyway (docs/security/account-security.md).
 */
function HoldToEnrolment({ securityPath, children }: { securityPath: string; children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const { prefix } = useLocale();
  if (me.mfaEnrolmentRequired && !location.pathname.endsWith(securityPath))
    return <Navigate to={`${prefix}${securityPath}`} replace />;
  return children;
}

/** /b2c needs currentClient, /b2b needs currentProducer; both are external pages of sites that have the area. */
export function AreaGuard({ area, children }: { area: 'b2b' | 'b2c'; children: ReactNode }) {
  const site = useSiteInfo();
  const me = useMe();
  if (!siteHasArea(site, area)) return <NotFoundInPublicLayout />;
  const user = area === 'b2c' ? me.currentClient : me.currentProducer;
  if (!user) return <RedirectToLogin />;
  return <HoldToEnrolment securityPath={`/${area}/security`}>{children}</HoldToEnrolment>;
}

/** /internal: only with the internal feature flag, and only for staff; anyone else gets the staff sign-in. */
export function InternalGuard({ children }: { children: ReactNode }) {
  const site = useSiteInfo();
  const me = useMe();
  if (!isInternalEnabled(site)) return <NotFoundInPublicLayout />;
  if (!me.currentStaff) return <RedirectToLogin />;
  return <HoldToEnrolment securityPath="/internal/security">{children}</HoldToEnrolment>;
}

/** Whether the signed-in staff member holds an internal permission (a menu row with its path). */
export function useStaffPermission(permission: InternalPermission): boolean {
  const staff = useMe().currentStaff;
  return !!staff && hasMenuPath(staff.menus, INTERNAL_PERMISSIONS[permission]);
}

/**
 * /internal itself: the revenue index for staff who may see it, else the staff home page with their menu — every
 * staff member lands on a portal page, never on a back office that may not exist (decision 035).
 */
export function InternalRootRedirect({ home }: { home: ReactNode }) {
  const mayListRevenues = useStaffPermission('revenues');
  if (mayListRevenues) return <Navigate to="revenues" replace />;
  return home;
}

/**
 * Login page for someone signed in (already, or just now: the login screen only refreshes the session): back to the
 * page they wanted if it is in their area, else a producer goes to {locale}/b2b, a client to {locale}/b2c, staff
 * (on a staff host) to {locale}/internal.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const me = useMe();
  const { prefix } = useLocale();
  const { search } = useLocation();
  const area = me.currentProducer ? 'b2b' : me.currentClient ? 'b2c' : me.currentStaff ? 'internal' : null;
  if (area) return <Navigate to={signedInDestination(area, prefix, search)} replace />;
  return children;
}
