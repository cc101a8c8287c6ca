import { LANGUAGES } from './sites.js';

/**
 * Every page path the SPA has a route for (apps/web/src/app/AppRoutes.tsx), without the base path and the optional
 * language segment. The server serves index.html with 200 only for these and answers every other path 404, so
 * scanners and crawlers do not take a soft 404 (index.html for anything) for a page. Routes that the SPA shows only
 * to some people (commissions, revenues, service records) are listed all the same: the server cannot tell who is
 * asking before the SPA asks /me, and the SPA shows its own Page Not Found to the others.
 * `:param` stands for one non-empty segment. apps/web/src/app/spa-routes.test.ts checks this list against the
 * route table, so the two cannot drift.
 */
export const SPA_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/activation',
  '/registration',
  '/forget_password',
  '/forget_password_b2b',
  '/reset_password',
  '/logout',
  '/b2c',
  '/b2c/plan_detail/:id',
  '/b2c/performance',
  '/b2c/applications',
  '/b2c/my_profile',
  '/b2c/message',
  '/b2c/conversations',
  '/b2c/conversations/:id',
  '/b2c/change_password',
  '/b2c/security',
  '/b2c/notifications',
  '/b2b',
  '/b2b/home',
  '/b2b/clients',
  '/b2b/service_records',
  '/b2b/requirements',
  '/b2b/reports',
  '/b2b/my_profile',
  '/b2b/conversations',
  '/b2b/conversations/:id',
  '/b2b/change_password',
  '/b2b/security',
  '/b2b/notifications',
  '/b2b/commissions',
  '/internal',
  '/internal/security',
  '/internal/notifications',
  '/internal/delivery_log',
  '/internal/account_recovery',
  '/internal/revenues',
  '/internal/revenues/:id',
  '/internal/revenues/:id/summary',
  '/internal/revenues/:id/payin',
  '/internal/revenues/:id/payout',
  '/internal/commission-reconciliation',
  '/internal/case_requirements',
] as const;

function patternSource(pattern: string): string {
  if (pattern === '/') return '';
  return pattern
    .split('/')
    .slice(1)
    .map((segment) =>
      segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
}

const SPA_ROUTE = new RegExp(
  `^(?:/(?:${LANGUAGES.join('|')}))?(?:${SPA_ROUTE_PATTERNS.map(patternSource).join('|')})/?$`,
);

/** Whether `path` (below the base path, no query string) is a page of the SPA, e.g. '/zh/b2c/plan_detail/12'. */
export function isSpaRoute(path: string): boolean {
  return SPA_ROUTE.test(path === '' ? '/' : path);
}
