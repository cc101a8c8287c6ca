import type { StaffMenuEntry } from '../session.js';

/**
 * The one registry of internal permissions (docs/internal/README.md, "Permission model"): a permission is a staff menu
 * row whose path is the key's path. The web registers routes and the server guards calls from these paths, so they
 * cannot disagree.
 */
export const INTERNAL_PERMISSIONS = {
  revenues: '/internal/revenues',
  /** Every notification's channels, attempts and outcome (docs/notifications.md). */
  deliveryLog: '/internal/delivery_log',
  caseRequirements: '/internal/case_requirements',
  commissionReconciliation: '/internal/commission-reconciliation',
  /** Ending an account's sessions, resetting its lost second factors (docs/security/account-security.md). */
  accountRecovery: '/internal/account_recovery',
} as const;
export type InternalPermission = keyof typeof INTERNAL_PERMISSIONS;

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether the staff member's menu holds `path` (exact match after trimming a trailing "/", any entry type). */
export function hasMenuPath(menus: readonly Pick<StaffMenuEntry, 'path'>[], path: string): boolean {
  const wanted = withoutTrailingSlash(path);
  return menus.some((entry) => withoutTrailingSlash(entry.path) === wanted);
}
