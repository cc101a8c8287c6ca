import type { MeResponse } from '@portal/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { WebSiteInfo } from '../../lib/session';
import { anonymousMe, siteInfo } from '../../test/fixtures';
import { type ApiHandler, mockApi } from '../../test/render-app';
import { bootLogin } from '../boot';

export const BASE = '/angel/face';

/**
 * Starts the light login page as login.html does, at `path` (without the base path), against a mocked API. Returns
 * the fetch mock and a spy on the full page loads the page makes (into the SPA after signing in).
 */
export async function renderLogin(
  path: string,
  options: { me?: MeResponse; site?: WebSiteInfo; handlers?: Record<string, ApiHandler> } = {},
) {
  const fetchMock = mockApi({
    '/me': () => options.me ?? anonymousMe,
    '/site_info': () => options.site ?? siteInfo('afs'),
    ...options.handlers,
  });
  const navigate = vi.fn();
  window.history.replaceState(null, '', `${BASE}${path}`);
  let view: ReturnType<typeof render> | undefined;
  const draw = (page: ReactNode) => {
    if (view) view.rerender(page);
    else view = render(page);
  };
  await bootLogin({ render: draw, basePath: BASE, location: window.location, navigate });
  return { fetchMock, navigate };
}

/** The page's URL after the base path, as the address bar shows it. */
export function currentLocation(): string {
  return `${window.location.pathname.slice(BASE.length)}${window.location.search}`;
}
