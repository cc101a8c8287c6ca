import type { Area } from '@portal/contract';

/**
 * The login whose one-time code is pending. The server keeps the pending sign-in in the session; the code step
 * still sends the login form's body (as the original front end does, docs/web.md), so the login ID and area are kept
 * for this tab — never the password, which stays in memory only (see OneTimeCodeForm for the reload case).
 */
const KEY = 'portal.pendingLogin';

export interface PendingLogin {
  login: string;
  area: Area;
}

export function savePendingLogin(value: PendingLogin): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage may be disabled (private mode); the form then falls back to the current area.
  }
}

export function readPendingLogin(): PendingLogin | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (parsed && typeof parsed === 'object' && 'login' in parsed && 'area' in parsed) {
      const { login, area } = parsed as Record<string, unknown>;
      if (typeof login === 'string' && (area === 'b2b' || area === 'b2c')) return { login, area };
    }
  } catch {
    // Unreadable: treated as absent.
  }
  return null;
}

export function clearPendingLogin(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
