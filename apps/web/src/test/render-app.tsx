import type { MeResponse } from '@portal/contract';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { AppRoot } from '../app/AppRoot';
import { createQueryClient } from '../app/query-client';
import { setCsrfToken } from '../lib/api-client';
import { externalNavigation } from '../lib/external-navigation';
import type { WebSiteInfo } from '../lib/session';
import { anonymousMe, siteInfo } from './fixtures';

export type ApiHandler = (request: { method: string; url: URL; body: unknown }) => unknown;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch with a router over API paths: '/me', 'POST /b2b/clients', … (the part after /{lang}/api).
 * A handler may return a Response or a body (sent as JSON 200). Unknown paths answer 404 {error}.
 */
export function mockApi(handlers: Record<string, ApiHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const apiPath = url.pathname.replace(/^.*?\/api(?=\/)/, '');
    const handler = handlers[`${method} ${apiPath}`] ?? (method === 'GET' ? handlers[apiPath] : undefined);
    if (!handler) return jsonResponse({ error: `No handler for ${method} ${apiPath}` }, 404);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const result = await handler({ method, url, body });
    return result instanceof Response ? result : jsonResponse(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/**
 * Renders the whole app at `path` (without the base path; a location object when the test needs navigation state)
 * with a mocked session and site. Returns the fetch mock and a spy on external navigations (back office).
 */
export function renderApp(
  path: string | { pathname: string; search?: string; state?: unknown },
  options: { me?: MeResponse; site?: WebSiteInfo; handlers?: Record<string, ApiHandler> } = {},
) {
  setCsrfToken(null);
  const fetchMock = mockApi({
    '/me': () => options.me ?? anonymousMe,
    '/site_info': () => options.site ?? siteInfo('afs'),
    ...options.handlers,
  });
  const externalNavigations = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
  // Full page loads of the login page (app/LoginPageLoad.tsx).
  const pageLoads = vi.spyOn(externalNavigation, 'replace').mockImplementation(() => {});
  const result = render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoot />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, fetchMock, externalNavigations, pageLoads };
}
