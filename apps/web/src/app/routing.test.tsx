import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { revenueDetail } from '../features/internal/test/revenue-fixtures';
import {
  aClient,
  anonymousMe,
  aProducer,
  aStaff,
  aStaffWithoutRevenues,
  meWith,
  siteInfo,
} from '../test/fixtures';
import { jsonResponse, renderApp } from '../test/render-app';

// Whole-app renders share two cores with the rest of the suite: a second is not always enough.

const currentLocation = () => screen.getByTestId('location').textContent;

describe('session gate', () => {
  it('shows Loading... until /me and /site_info have answered', async () => {
    renderApp('/registration');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration' })).toBeInTheDocument();
  });

  it('shows Fail fetching data when /me fails', async () => {
    renderApp('/login', {
      handlers: { '/me': () => new Response(JSON.stringify({ error: 'Server down' }), { status: 500 }) },
    });
    expect(await screen.findByText('Fail fetching data')).toBeInTheDocument();
    expect(screen.getByText('Server down')).toBeInTheDocument();
  });
});

describe('protected areas', () => {
  it('sends an anonymous visitor of /b2c to login with the referrer (a full page load: login.html)', async () => {
    const { pageLoads } = renderApp('/b2c/my_profile?tab=1');
    const login = `/login?referrer=${encodeURIComponent('/b2c/my_profile?tab=1')}`;
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith(`/angel/face${login}`));
  });

  it('keeps the locale prefix when redirecting to login', async () => {
    const { pageLoads } = renderApp('/zh/b2b/clients');
    const login = `/zh/login?referrer=${encodeURIComponent('/zh/b2b/clients')}`;
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith(`/angel/face${login}`));
  });

  it('lets a client into /b2c and shows the unread count on Message Box', async () => {
    renderApp('/b2c', { me: meWith({ currentClient: aClient }) });
    expect(await screen.findByRole('heading', { name: 'My Plan' })).toBeInTheDocument();
    const memberMenu = screen.getByRole('navigation', { name: 'Member menu' });
    const messageLink = within(memberMenu).getByRole('link', { name: /Message Box/ });
    expect(within(messageLink).getByLabelText('Unread messages: 3')).toHaveTextContent('3');
    expect(within(memberMenu).getByRole('link', { name: 'My Plan' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows Page Not Found for unknown paths inside an area', async () => {
    renderApp('/b2c/nothing_here', { me: meWith({ currentClient: aClient }) });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('does not have /b2c on producer-only sites', async () => {
    renderApp('/b2c', { me: meWith({ currentClient: aClient }), site: siteInfo('ipc') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('hides external pages when the external feature is off', async () => {
    renderApp('/b2b', {
      me: meWith({ currentProducer: aProducer }),
      site: siteInfo('afs', { feature: { external: 'false', internal: 'true' } }),
    });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('producer area', () => {
  it('answers Page Not Found on /b2b/commissions without commission permission', async () => {
    renderApp('/b2b/commissions', { me: meWith({ currentProducer: aProducer }) });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Advisor menu' });
    expect(within(menu).queryByRole('link', { name: 'Commissions' })).toBeNull();
  });

  it('registers Commissions with the permission', async () => {
    renderApp('/b2b/commissions', {
      me: meWith({ currentProducer: { ...aProducer, hasCommissionPermission: true } }),
    });
    expect(await screen.findByRole('heading', { name: 'Commissions' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Advisor menu' });
    expect(within(menu).getByRole('link', { name: 'Commissions' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no Service Records on absg, and a user menu instead of the partner header', async () => {
    renderApp('/b2b', { me: meWith({ currentProducer: aProducer }), site: siteInfo('absg') });
    expect(await screen.findByRole('heading', { name: 'New Business' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Advisor menu' });
    expect(within(menu).queryByRole('link', { name: 'Service Records' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Clients' })).toBeInTheDocument();
    // Its name starts with the name it shows (WCAG 2.5.3 label in name).
    expect(screen.getByRole('button', { name: 'Peter Producer, user menu' })).toBeInTheDocument();
    expect(document.querySelector('[data-external-element="partner-header"]')).toBeNull();
  });

  it('shows Service Records, the legend, and the partner header on afs', async () => {
    renderApp('/b2b/service_records', {
      me: meWith({ currentProducer: { ...aProducer, hasAvenueB2bLogin: true } }),
    });
    expect(await screen.findByRole('heading', { name: 'Service Records' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Advisor menu' });
    expect(within(menu).getByRole('link', { name: 'Service Records' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /Producer portal/ })).toBeInTheDocument();
    expect(within(menu).getByText('Fund platform')).toBeInTheDocument();
    expect(document.querySelector('[data-external-element="partner-header"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Open team tree' })).toBeInTheDocument();
  });

  it('answers Page Not Found on /b2b/service_records on absg', async () => {
    renderApp('/b2b/service_records', { me: meWith({ currentProducer: aProducer }), site: siteInfo('absg') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('login and locales', () => {
  it('sends a signed-in producer from /login to their home, in their locale', async () => {
    renderApp('/zh/login', { me: meWith({ currentProducer: aProducer }) });
    await screen.findByRole('heading', { name: '首頁' });
    expect(currentLocation()).toBe('/zh/b2b/home');
  });

  it('sends a signed-in client from / to /b2c', async () => {
    renderApp('/', { me: meWith({ currentClient: aClient }) });
    await screen.findByRole('heading', { name: 'My Plan' });
    expect(currentLocation()).toBe('/b2c');
  });

  it('shows Page Not Found for /ja/login on ipc', async () => {
    renderApp('/ja/login', { site: siteInfo('ipc') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('leaves for the login page (its own document) from / and /ja/login, in the URL language', async () => {
    const { pageLoads, fetchMock } = renderApp('/ja/login');
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/angel/face/ja/login'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/angel/face/ja/api/me');
    const root = renderApp('/');
    await waitFor(() => expect(root.pageLoads).toHaveBeenCalledWith('/angel/face/'));
  });

  it('shows Page Not Found for unknown public paths, with the copyright line', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    const year = new Date().getFullYear();
    expect(screen.getByText(`© 2012–${year} Angel Financial Services`)).toBeInTheDocument();
  });
});

describe('internal area', () => {
  const internalSite = siteInfo('afs', {
    feature: { external: 'true', internal: 'true' },
    backOfficeUrl: 'https://backoffice.example',
  });

  it('is not found when the internal feature is off', async () => {
    renderApp('/internal/revenues/5/summary', { me: meWith({ currentStaff: aStaff }) });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('sends a visitor of the staff host to its sign-in, never to the back office', async () => {
    const { pageLoads, externalNavigations } = renderApp('/internal/revenues/5', {
      me: anonymousMe,
      site: internalSite,
    });
    const login = `/login?referrer=${encodeURIComponent('/internal/revenues/5')}`;
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith(`/angel/face${login}`));
    expect(externalNavigations).not.toHaveBeenCalled();
  });

  const emptyRevenuePage = () => ({ items: [], totalSize: 0, totalIsLowerBound: false });

  it('opens the revenue index at the internal root for staff with the Revenues permission', async () => {
    const { externalNavigations } = renderApp('/internal', {
      me: meWith({ currentStaff: aStaff }),
      site: internalSite,
      handlers: { 'POST /internal/revenues/search': emptyRevenuePage },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenues' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/internal/revenues');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(externalNavigations).not.toHaveBeenCalled();
  });

  it('keeps the locale prefix on the way from the internal root to the index', async () => {
    renderApp('/zh/internal', {
      me: meWith({ currentStaff: aStaff }),
      site: internalSite,
      handlers: { 'POST /internal/revenues/search': emptyRevenuePage },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '收益' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/zh/internal/revenues');
  });

  it('lands staff without the Revenues permission on the staff home page with their menu', async () => {
    const { externalNavigations } = renderApp('/internal', {
      me: meWith({ currentStaff: aStaffWithoutRevenues }),
      site: internalSite,
    });
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome, / })).toBeInTheDocument();
    expect(currentLocation()).toBe('/internal');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    for (const row of aStaffWithoutRevenues.menus) {
      if (row.type === 'mainMenu')
        expect(within(main).getByRole('heading', { level: 2, name: row.name })).toBeVisible();
      if (row.type === 'subMenu') expect(within(main).getByRole('link', { name: row.name })).toBeVisible();
    }
    expect(externalNavigations).not.toHaveBeenCalled();
  });

  it.each(['/internal/revenues', '/internal/revenues/5', '/internal/revenues/5/summary'])(
    'has no %s for staff without the Revenues permission: Page Not Found in the staff shell',
    async (path) => {
      const { fetchMock } = renderApp(path, {
        me: meWith({ currentStaff: aStaffWithoutRevenues }),
        site: internalSite,
      });
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
      expect(currentLocation()).toBe(path);
      const calls = fetchMock.mock.calls.map(([input]) => String(input));
      expect(calls.filter((url) => url.includes('/internal/'))).toEqual([]);
    },
  );

  it('redirects a revenue to its summary tab and builds the menu from the staff menus', async () => {
    renderApp('/internal/revenues/5', {
      me: meWith({ currentStaff: aStaff }),
      site: internalSite,
      handlers: { '/internal/revenues/5': () => jsonResponse(revenueDetail()) },
    });
    await waitFor(() => expect(currentLocation()).toBe('/internal/revenues/5/summary'));
    expect(screen.getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('button', { name: 'Service' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Report' })).toHaveAttribute(
      'href',
      'https://backoffice.example/reports',
    );
    expect(within(menu).queryByText('Batch')).toBeNull();
    expect(screen.getByRole('link', { name: /^Sally Staff/ })).toHaveAttribute(
      'href',
      'https://backoffice.example/session/edit',
    );
    expect(screen.getByRole('search')).toHaveAttribute('action', 'https://backoffice.example/search');
  });

  it('answers Page Not Found for unknown internal paths', async () => {
    renderApp('/internal/unknown', { me: meWith({ currentStaff: aStaff }), site: internalSite });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
