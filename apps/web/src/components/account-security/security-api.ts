import {
  type AccountActivity,
  type AccountSession,
  API_ROUTES,
  apiPath,
  type Passkey,
  type PasskeyOptionsResponse,
  type PasskeyRegistered,
  type PasskeyRegisterRequest,
  type RecoveryCodesResponse,
  type SecurityOverview,
  type StepUpRequest,
  type TotpEnrolResponse,
  type TrustedBrowser,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, asksStepUp } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

const R = API_ROUTES.auth;

/** Every query of the Security page shares this prefix, so one change refreshes them all. */
export const SECURITY_KEY = ['account-security'] as const;

export const overviewQuery = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'overview'],
    queryFn: () => api.get<SecurityOverview>(R.securityOverview.path),
  });
export const sessionsQuery = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'sessions'],
    queryFn: () => api.get<{ data: AccountSession[] }>(R.sessions.path).then((r) => r.data),
  });
export const activityQuery = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'activity'],
    queryFn: () => api.get<{ data: AccountActivity[] }>(R.activity.path).then((r) => r.data),
  });
export const trustedBrowsersQuery = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'trusted'],
    queryFn: () => api.get<{ data: TrustedBrowser[] }>(R.trustedBrowsers.path).then((r) => r.data),
  });

export const passkeysQuery = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'passkeys'],
    queryFn: () => api.get<{ data: Passkey[] }>(R.passkeys.path).then((r) => r.data),
  });

export const securityApi = {
  passkeyOptions: () => api.post<PasskeyOptionsResponse>(R.passkeyRegisterOptions.path),
  registerPasskey: (body: PasskeyRegisterRequest) =>
    api.post<PasskeyRegistered>(R.passkeyRegister.path, body),
  removePasskey: (id: number) => api.delete(apiPath(R.passkeyRemove, { id })),
  startTotp: () => api.post<TotpEnrolResponse>(R.totpEnrol.path),
  confirmTotp: (code: string) => api.post<RecoveryCodesResponse>(R.totpConfirm.path, { code }),
  removeTotp: () => api.delete(R.totpRemove.path),
  renewRecoveryCodes: () => api.post<RecoveryCodesResponse>(R.recoveryCodes.path),
  stepUp: (body: StepUpRequest) => api.post(R.stepUp.path, body),
  stepUpPasskeyOptions: () => api.post<PasskeyOptionsResponse>(R.stepUpPasskeyOptions.path),
  endSession: (id: string) => api.delete(apiPath(R.endSession, { id })),
  endOtherSessions: () => api.post(R.endOtherSessions.path),
  removeTrustedBrowser: (id: number) => api.delete(apiPath(R.removeTrustedBrowser, { id })),
};

/** A 401 that asks for a fresh second-factor check (`{ error, stepUp: true }`), rather than a signed-out session. */
export function needsStepUp(error: unknown): boolean {
  return isApiError(error) && asksStepUp(error);
}

/** What to tell the person about a failed call: the server's message (field or form-wide), else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0) return fallback;
  const fields = Object.values(error.fieldErrors).flat();
  return fields[0] ?? error.message ?? fallback;
}

/** A moment as the person's clock shows it, to the minute: 2026-11-28 14:05. */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
