import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { revenueDetail } from '../features/internal/test/revenue-fixtures';
import { aClient, anonymousMe, aStaff, meWith, siteInfo } from '../test/fixtures';
import { jsonResponse, renderApp } from '../test/render-app';

// Whole-app renders on a busy machine can take longer than the default second.
const currentLocation = () => screen.getByTestId('location').textContent;
const staffHost = siteInfo('afs', {
  feature: { external: 'false', internal: 'true' },
  backOfficeUrl: 'https://backoffice.example',
});
const timing = (idleRemainingSeconds: number) => ({
  idleTimeoutSeconds: 1800,
  idleRemainingSeconds,
  absoluteRemainingSeconds: 36_000,
});

describe('moving between screens', () => {
  it('puts focus on the new screen’s main heading', async () => {
    renderApp('/b2c/nothing_here', { me: meWith({ currentClient: aClient, session: timing(1800) }) });
    await screen.findByRole('heading', { name: 'Page Not Found' });
    const menu = screen.getByRole('navigation', { name: 'Member menu' });
    const link = within(menu).getByRole('link', { name: 'Change Password' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves focus where it is when the screen stays (a tab that is a child route)', async () => {
    renderApp('/internal/revenues/5/summary', {
      me: meWith({ currentStaff: aStaff, session: timing(1800) }),
      site: siteInfo('afs', { feature: { external: 'true', internal: 'true' } }),
      handlers: { '/internal/revenues/5': () => jsonResponse(revenueDetail()) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Revenue RV000001' });
    const tab = screen.getByRole('link', { name: 'Pay-in' });
    tab.focus();
    fireEvent.click(tab);
    await waitFor(() => expect(currentLocation()).toBe('/internal/revenues/5/payin'));
    expect(tab).toHaveFocus();
  });
});

describe('a session that ends while the page is open', () => {
  it('goes to the login page with the notice and the way back when the API answers 401', async () => {
    let ended = false;
    const { pageLoads } = renderApp('/b2c/change_password', {
      handlers: {
        // The server has forgotten the session: /me answers anonymous from then on.
        '/me': () => (ended ? anonymousMe : meWith({ currentClient: aClient })),
        '/session': () => {
          ended = true;
          return jsonResponse({ error: 'Please sign in to continue' }, 401);
        },
      },
    });
    // The login page is its own document (login.html), which shows the notice from ?session=ended.
    const loginUrl = `/login?referrer=${encodeURIComponent('/b2c/change_password')}&session=ended`;
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith(`/angel/face${loginUrl}`));
    expect(screen.queryByText(/Signed in as/)).toBeNull();
  });

  it('warns before the idle timeout, and "Stay signed in" extends the session on the server', async () => {
    let kept = 0;
    renderApp('/b2c/change_password', {
      me: meWith({ currentClient: aClient, session: timing(90) }),
      handlers: {
        'POST /session/keep_alive': () => {
          kept += 1;
          return timing(1800);
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your session is about to end' });
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/^1:(30|29)$/);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(kept).toBe(1);
  });

  it('does not warn while more than two minutes are left', async () => {
    renderApp('/b2c/change_password', { me: meWith({ currentClient: aClient, session: timing(600) }) });
    await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('staff host', () => {
  it('signs staff in to the internal area: menu and the revenue index, not an empty login form', async () => {
    renderApp('/login', {
      me: meWith({ currentStaff: aStaff, session: timing(1800) }),
      site: staffHost,
      handlers: {
        'POST /internal/revenues/search': () => ({ items: [], totalSize: 0, totalIsLowerBound: false }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenues' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/internal/revenues');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });
});
