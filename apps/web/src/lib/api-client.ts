import {
  API_ROUTES,
  CSRF_HEADER,
  CSRF_STATUS,
  DEFAULT_LANGUAGE,
  type Language,
  type MeResponse,
} from '@portal/contract';
import { ApiError, apiErrorOf, readBody } from './api-error';

export { ApiError, type FieldErrors, isApiError, toApiError } from './api-error';

/**
 * The one way the SPA talks to the server.
 *
 * URL: `{basePath}/{language}/api{path}`; the language is the one of the current URL prefix (set by the router
 * through setApiLanguage). Cookies travel with every call. Writes carry the CSRF token of the last `/me`; a 422
 * answer to a write means only "stale token", so the client refreshes `/me` and retries that write once.
 *
 * Answers are typed by the contract (`api.get<PlanListResponse>(...)`), not parsed again here: the server writes
 * each one through its contract schema (checked by zod in development and tests, compiled in production), and a
 * browser that re-checked them would download and run zod before every first screen (decision 031).
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** A plain object is sent as JSON; FormData, Blob and strings go as they are. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

// ---- configuration -------------------------------------------------------------------------------------------

/** `import.meta.env.BASE_URL` is the Vite base ('/angel/face/'); the client wants it without the trailing slash. */
const defaultBasePath = (import.meta.env.BASE_URL ?? '/').replace(/\/+$/, '');

let basePath = defaultBasePath;
let language: Language = DEFAULT_LANGUAGE;
let csrfToken: string | null = null;
const meListeners = new Set<(me: MeResponse) => void>();
const unauthenticatedListeners = new Set<(path: string) => void>();

export function configureApiClient(options: { basePath?: string }): void {
  if (options.basePath !== undefined) basePath = options.basePath.replace(/\/+$/, '');
}

export function getBasePath(): string {
  return basePath;
}

/** Called by the router whenever the URL's locale prefix changes. */
export function setApiLanguage(next: Language): void {
  language = next;
}

export function getApiLanguage(): Language {
  return language;
}

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

/** Lets the session layer keep its cached `/me` in step when the client refreshes it on its own (422 retry). */
export function onMeFetched(listener: (me: MeResponse) => void): () => void {
  meListeners.add(listener);
  return () => {
    meListeners.delete(listener);
  };
}

/**
 * Told of every 401 answer. The session layer decides what it means: for a page that believed it was signed in, the
 * session has ended on the server (idle timeout, logout in another tab, password changed elsewhere).
 */
export function onUnauthenticated(listener: (path: string) => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => {
    unauthenticatedListeners.delete(listener);
  };
}

// ---- URLs ----------------------------------------------------------------------------------------------------

function appendQuery(url: string, query: QueryParams | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** Root-relative API URL: apiUrl('/me') → '/angel/face/en/api/me'. */
export function apiUrl(path: string, query?: QueryParams): string {
  const suffix = path.startsWith('/') ? path : `/${path}`;
  return appendQuery(`${basePath}/${language}/api${suffix}`, query);
}

/** Absolute URL of a download (PDF, ZIP, XLSX), for a link or a new window; the session cookie goes along. */
export function downloadUrl(path: string, query?: QueryParams): string {
  return new URL(apiUrl(path, query), window.location.origin).href;
}

/** Opens a download in a new window, as statements and exports are meant to open. */
export function openDownload(path: string, query?: QueryParams): void {
  window.open(downloadUrl(path, query), '_blank', 'noopener');
}

/** How much of a file has arrived; `total` is null when the server streams without a length (ZIP). */
export interface FileProgress {
  received: number;
  total: number | null;
}

export interface FetchedFile {
  blob: Blob;
  /** From Content-Disposition (RFC 6266 `filename*` first), null when the server names none. */
  fileName: string | null;
}

/** The file name a Content-Disposition header gives, preferring the UTF-8 `filename*` form. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/**
 * Fetches a file (PDF, ZIP, XLSX) so the page knows when it has arrived and how far it is, unlike a new window:
 * long downloads show progress, and a refusal arrives as the server's message in the user's language. Failures
 * throw ApiError exactly like API calls (401 tells the session layer).
 */
export async function fetchFile(
  path: string,
  options: { query?: QueryParams; signal?: AbortSignal; onProgress?: (progress: FileProgress) => void } = {},
): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { credentials: 'include', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) return throwFailure(path, response);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.({ received, total });
    }
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const blob = reader ? new Blob(chunks as BlobPart[], { type }) : await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
}

// ---- requests ------------------------------------------------------------------------------------------------

const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isPlainBody(body: unknown): boolean {
  return (
    body !== undefined &&
    !(typeof FormData !== 'undefined' && body instanceof FormData) &&
    !(typeof Blob !== 'undefined' && body instanceof Blob) &&
    !(body instanceof URLSearchParams) &&
    typeof body !== 'string'
  );
}

/** A 401 that asks for a fresh second-factor check (`{ error, stepUp: true }`), rather than a signed-out session. */
export function asksStepUp(error: ApiError): boolean {
  return error.status === 401 && (error.body as { stepUp?: unknown } | null | undefined)?.stepUp === true;
}

/** Reads a failed answer into an ApiError (with Retry-After) and throws it; a 401 first tells the session layer. */
async function throwFailure(path: string, response: Response, read?: ApiError): Promise<never> {
  const error = read ?? (await apiErrorOf(response));
  // A 401 that asks for a fresh second-factor check leaves the session as it is: the step-up handler asked.
  if (response.status === 401 && !asksStepUp(error))
    for (const listener of unauthenticatedListeners) listener(path);
  throw error;
}

/**
 * Asks the person for a fresh second-factor check (a dialog, components/account-security/StepUpHost) and answers
 * whether they passed it. One handler for the whole page: any call refused for a stale check (password change,
 * factors, sessions, staff revenue edits) asks the same way and is sent once more, so no screen handles it itself.
 */
let stepUpHandler: (() => Promise<boolean>) | null = null;

export function handleStepUp(handler: () => Promise<boolean>): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

let refreshInFlight: Promise<MeResponse> | null = null;

/** GET /me; stores its CSRF token and tells listeners. Concurrent callers share one request. */
export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  if (!refreshInFlight) {
    refreshInFlight = send<MeResponse>(API_ROUTES.session.me.path, { signal }, true)
      .then((me) => {
        setCsrfToken(me.csrfToken);
        for (const listener of meListeners) listener(me);
        return me;
      })
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}

async function send<T>(
  path: string,
  options: RequestOptions,
  retried: boolean,
  steppedUp = false,
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isPlainBody(options.body)) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    } else {
      body = options.body as BodyInit;
    }
  }
  const isWrite = WRITE_METHODS.has(method);
  if (isWrite && csrfToken) headers[CSRF_HEADER] = csrfToken;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }

  if (response.status === CSRF_STATUS && isWrite && !retried) {
    await fetchMe(options.signal);
    return send(path, options, true, steppedUp);
  }

  if (response.status === 401 && !steppedUp && stepUpHandler) {
    const error = await apiErrorOf(response);
    if (asksStepUp(error) && (await stepUpHandler())) return send(path, options, retried, true);
    return throwFailure(path, response, error);
  }
  if (!response.ok) return throwFailure(path, response);
  return (await readBody(response)) as T;
}

/** Sends one request; see the module comment for the CSRF and retry rules. */
export function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return send(path, options, false);
}

type Without<K extends keyof RequestOptions> = Omit<RequestOptions, K>;

/** The type parameter is the contract's type of the answer; unknown until a caller says what it expects. */
export const api = {
  get: <T = unknown>(path: string, options?: Without<'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Without<'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Without<'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(path: string, options?: Without<'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
