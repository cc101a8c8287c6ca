import { CSRF_HEADER } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anonymousMe } from '../test/fixtures';
import { jsonResponse, mockApi } from '../test/render-app';
import {
  ApiError,
  api,
  apiUrl,
  downloadUrl,
  fetchMe,
  getCsrfToken,
  onMeFetched,
  setApiLanguage,
  setCsrfToken,
  toApiError,
} from './api-client';

function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

beforeEach(() => {
  setApiLanguage('en');
  setCsrfToken(null);
});

afterEach(() => {
  setApiLanguage('en');
});

describe('URLs', () => {
  it('prefixes the base path, the current language and /api', () => {
    expect(apiUrl('/me')).toBe('/angel/face/en/api/me');
    setApiLanguage('zh');
    expect(apiUrl('b2b/clients')).toBe('/angel/face/zh/api/b2b/clients');
  });

  it('encodes query values, repeats arrays and skips empty ones', () => {
    expect(
      apiUrl('/statement/download_pdf', { party_ids: '1,2', month: undefined, x: null, a: ['CAN', 'LAP'] }),
    ).toBe('/angel/face/en/api/statement/download_pdf?party_ids=1%2C2&a=CAN&a=LAP');
  });

  it('builds absolute download URLs', () => {
    setApiLanguage('kr');
    expect(downloadUrl('/statement/12.pdf', { request: 'b2c' })).toBe(
      `${window.location.origin}/angel/face/kr/api/statement/12.pdf?request=b2c`,
    );
  });
});

describe('requests', () => {
  it('sends cookies on every call and the CSRF token on writes only', async () => {
    const fetchMock = mockApi({ '/plans': () => ({ data: [] }), 'POST /change_password': () => ({}) });
    setCsrfToken('token-1');
    await api.get('/plans');
    await api.post('/change_password', { currentPassword: 'a' });
    const [getCall, postCall] = fetchMock.mock.calls;
    expect(getCall?.[1]?.credentials).toBe('include');
    expect(headerOf(getCall?.[1], CSRF_HEADER)).toBeUndefined();
    expect(postCall?.[1]?.credentials).toBe('include');
    expect(headerOf(postCall?.[1], CSRF_HEADER)).toBe('token-1');
    expect(postCall?.[1]?.body).toBe(JSON.stringify({ currentPassword: 'a' }));
  });

  it('stores the token of /me and tells listeners', async () => {
    mockApi({ '/me': () => ({ ...anonymousMe, csrfToken: 'fresh' }) });
    const seen: string[] = [];
    const stop = onMeFetched((me) => seen.push(me.csrfToken));
    await fetchMe();
    stop();
    expect(getCsrfToken()).toBe('fresh');
    expect(seen).toEqual(['fresh']);
  });

  it('on 422 to a write: refreshes /me, then retries exactly once with the new token', async () => {
    let posts = 0;
    const fetchMock = mockApi({
      '/me': () => ({ ...anonymousMe, csrfToken: 'new-token' }),
      'POST /b2b/clients': () => {
        posts += 1;
        return posts === 1 ? jsonResponse({ error: 'bad token' }, 422) : { items: [], totalSize: 0 };
      },
    });
    setCsrfToken('stale-token');
    await expect(api.post('/b2b/clients', { page: 1 })).resolves.toEqual({ items: [], totalSize: 0 });
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(calls).toEqual([
      'POST /angel/face/en/api/b2b/clients',
      'GET /angel/face/en/api/me',
      'POST /angel/face/en/api/b2b/clients',
    ]);
    expect(headerOf(fetchMock.mock.calls[0]?.[1], CSRF_HEADER)).toBe('stale-token');
    expect(headerOf(fetchMock.mock.calls[2]?.[1], CSRF_HEADER)).toBe('new-token');
  });

  it('does not retry a second time when the retry also answers 422', async () => {
    const fetchMock = mockApi({
      '/me': () => anonymousMe,
      'DELETE /logout': () => jsonResponse({ error: 'still bad' }, 422),
    });
    const error = await api.delete('/logout').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    const writes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(writes).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not retry a GET that answers 422', async () => {
    const fetchMock = mockApi({
      '/me': () => anonymousMe,
      '/b2c/plans': () => jsonResponse({ error: 'x' }, 422),
    });
    await expect(api.get('/b2c/plans')).rejects.toMatchObject({ status: 422 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not refresh or retry on other failures of a write', async () => {
    const fetchMock = mockApi({ 'PUT /thing': () => jsonResponse({ error: 'Forbidden' }, 403) });
    await expect(api.put('/thing', {})).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hands over the answer as the server wrote it, without parsing it again (decision 031)', async () => {
    const answer = { count: 2, asOf: '2026-10-31', rows: [{ amount: '1234.50' }] };
    mockApi({ '/ok': () => answer });
    await expect(api.get<typeof answer>('/ok')).resolves.toEqual(answer);
  });

  it('turns a network failure into ApiError status 0', async () => {
    mockApi({
      '/down': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.get('/down')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});

describe('error parsing', () => {
  it('reads form errors (400 {errors}) into fieldErrors, with base as the message', async () => {
    mockApi({
      'POST /change_password': () =>
        jsonResponse(
          { errors: { newPassword: ['Too short'], base: ['Could not change the password'] } },
          400,
        ),
    });
    const error = (await api.post('/change_password', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({
      newPassword: ['Too short'],
      base: ['Could not change the password'],
    });
    expect(error.baseErrors).toEqual(['Could not change the password']);
    expect(error.message).toBe('Could not change the password');
  });

  it('uses the first field error as the message when there is no base', () => {
    const error = toApiError(400, 'Bad Request', { errors: { login: ['Cannot be blank'] } });
    expect(error.message).toBe('Cannot be blank');
    expect(error.baseErrors).toEqual([]);
  });

  it('reads {error} as the message', () => {
    const error = toApiError(404, 'Not Found', { error: 'Plan not found' });
    expect(error).toMatchObject({ status: 404, message: 'Plan not found', fieldErrors: {} });
    expect(error.isForbidden).toBe(true);
  });

  it('falls back to the status text, then the status', () => {
    expect(toApiError(500, 'Internal Server Error', undefined).message).toBe('Internal Server Error');
    expect(toApiError(502, '', undefined).message).toBe('HTTP 502');
    expect(toApiError(401, '', {}).isUnauthenticated).toBe(true);
  });
});
