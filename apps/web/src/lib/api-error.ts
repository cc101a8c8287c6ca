/**
 * The error every API call throws, and how a failed answer becomes one. Its own module, free of the contract's
 * schemas, so the light login entry (src/login-entry) shares it without downloading zod.
 */

/** Field errors keyed by field name; a form-wide message is under `base`. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the network failed before any answer. */
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  /** The parsed body (JSON or text), for callers that need more than the message. */
  readonly body: unknown;
  /** From Retry-After (429): how long before the same request can succeed. */
  retryAfterSeconds: number | null = null;

  constructor(status: number, message: string, fieldErrors: FieldErrors = {}, body: unknown = undefined) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }

  /** Form-wide errors (`errors.base`). */
  get baseErrors(): string[] {
    return this.fieldErrors.base ?? [];
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }

  get isForbidden(): boolean {
    return this.status === 403 || this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function toFieldErrors(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object') return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(messages)) result[field] = messages.map(String);
    else if (typeof messages === 'string') result[field] = [messages];
  }
  return result;
}

/** Turns a failed answer into an ApiError: `{errors}` → fieldErrors, `{error}` → message. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fieldErrors = toFieldErrors(record.errors);
  const firstFieldMessage = Object.values(fieldErrors).find((messages) => messages.length > 0)?.[0];
  const message =
    (typeof record.error === 'string' && record.error) ||
    fieldErrors.base?.[0] ||
    firstFieldMessage ||
    (typeof body === 'string' && body.length < 300 && body) ||
    statusText ||
    `HTTP ${status}`;
  return new ApiError(status, message, fieldErrors, body);
}

/** The body of an answer: JSON when it is JSON, else its text (undefined when empty). */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The ApiError of a failed answer, with Retry-After (429) when the server sent it. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const error = toApiError(response.status, response.statusText, await readBody(response));
  const retryAfter = Number(response.headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterSeconds = retryAfter;
  return error;
}
