import {
  API_ROUTES,
  CSRF_HEADER,
  CSRF_STATUS,
  type Language,
  type LoginMfaRequest,
  type LoginRequest,
  type MeResponse,
  type PasskeyLoginRequest,
  SITE_CODES,
  type SiteInfo,
} from '@portal/contract';
import { ApiError, apiErrorOf, readBody } from '../lib/api-error';

/**
 * The login page's calls, with the SPA client's rules (lib/api-client.ts): `{base}/{language}/api{path}`, cookies
 * along, writes carrying the CSRF token of the last `/me`, and a 422 answer to a write read as "stale token": `/me`
 * once more, then the write again, once. Answers are not parsed with the contract's zod schemas (zod alone was
 * 26 kB gz of this page); the few fields the page reads are checked by hand in `asMe` and `asSiteInfo`.
 */

export interface LoginApi {
  me: () => Promise<MeResponse>;
  siteInfo: () => Promise<SiteInfo>;
  login: (body: LoginRequest) => Promise<MeResponse>;
  resendOtp: (body: Partial<LoginRequest>) => Promise<{ msg: string }>;
  cancelOtp: () => Promise<MeResponse>;
  /** The second step with an authenticator or recovery code (`POST /login/mfa`). */
  loginMfa: (body: LoginMfaRequest) => Promise<MeResponse>;
  /**
   * Options for the browser's passkey prompt: for the pending sign-in's second step, or for a sign-in with a passkey
   * alone (which may start a session, whose CSRF token the answer carries).
   */
  passkeyOptions: (purpose: 'second-factor' | 'sign-in') => Promise<Record<string, unknown>>;
  /** A sign-in with a passkey alone (`POST /login/passkey`). */
  passkeyLogin: (body: PasskeyLoginRequest) => Promise<MeResponse>;
}

/**
 * The page reads these few fields before it knows who is signed in, so a wrong shape is reported as a bug between
 * page and server rather than drawn as a broken form.
 */
function unexpected(path: string, body: unknown): ApiError {
  console.error(`Unexpected answer from ${path}`, body);
  return new ApiError(200, 'Unexpected answer from the server', {}, body);
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';

export function asMe(body: unknown, path: string = API_ROUTES.session.me.path): MeResponse {
  if (!isRecord(body) || typeof body.csrfToken !== 'string') throw unexpected(path, body);
  return {
    ...body,
    currentClient: body.currentClient ?? null,
    currentProducer: body.currentProducer ?? null,
    currentStaff: body.currentStaff ?? null,
    otpUserId: typeof body.otpUserId === 'number' ? body.otpUserId : null,
  } as MeResponse;
}

export function asSiteInfo(body: unknown): SiteInfo {
  const site = isRecord(body) ? body : {};
  const feature = isRecord(site.feature) ? site.feature : undefined;
  if (
    !(SITE_CODES as readonly string[]).includes(String(site.siteCode)) ||
    typeof site.siteName !== 'string' ||
    !feature
  ) {
    throw unexpected(API_ROUTES.system.siteInfo.path, body);
  }
  return site as unknown as SiteInfo;
}

export function createLoginApi(basePath: string, language: Language): LoginApi {
  let csrfToken: string | null = null;

  async function send(
    path: string,
    method: 'GET' | 'POST',
    body?: unknown,
    retried = false,
  ): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method === 'POST' && csrfToken) headers[CSRF_HEADER] = csrfToken;
    let response: Response;
    try {
      response = await fetch(`${basePath}/${language}/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
      });
    } catch (error) {
      throw new ApiError(0, error instanceof Error ? error.message : String(error));
    }
    if (response.status === CSRF_STATUS && method === 'POST' && !retried) {
      await me();
      return send(path, method, body, true);
    }
    if (!response.ok) throw await apiErrorOf(response);
    return readBody(response);
  }

  async function me(): Promise<MeResponse> {
    const session = asMe(await send(API_ROUTES.session.me.path, 'GET'));
    csrfToken = session.csrfToken;
    return session;
  }

  /** A write's answer that is a session carries the new CSRF token (a sign-in renews it). */
  const session = async (path: string, body: unknown) => {
    const answer = asMe(await send(path, 'POST', body), path);
    csrfToken = answer.csrfToken;
    return answer;
  };

  return {
    me,
    siteInfo: async () => asSiteInfo(await send(API_ROUTES.system.siteInfo.path, 'GET')),
    login: (body) => session(API_ROUTES.auth.login.path, body),
    resendOtp: async (body) => {
      const answer = await send(API_ROUTES.auth.resendOtp.path, 'POST', body);
      if (!isRecord(answer) || typeof answer.msg !== 'string')
        throw unexpected(API_ROUTES.auth.resendOtp.path, answer);
      return { msg: answer.msg };
    },
    cancelOtp: () => session(API_ROUTES.auth.cancelOtp.path, {}),
    loginMfa: (body) => session(API_ROUTES.auth.loginMfa.path, body),
    passkeyOptions: async (purpose) => {
      const path =
        purpose === 'sign-in'
          ? API_ROUTES.auth.passkeyLoginOptions.path
          : API_ROUTES.auth.loginMfaPasskeyOptions.path;
      const answer = await send(path, 'POST', {});
      if (!isRecord(answer) || !isRecord(answer.options) || typeof answer.csrfToken !== 'string')
        throw unexpected(path, answer);
      csrfToken = answer.csrfToken;
      return answer.options;
    },
    passkeyLogin: (body) => session(API_ROUTES.auth.passkeyLogin.path, body),
  };
}
