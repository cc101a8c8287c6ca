import type { CurrentStaff } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meWith, siteInfo } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// Whole-app renders share two cores with the rest of the suite.

const staffSite = siteInfo('afs', {
  feature: { external: 'false', internal: 'true' },
  backOfficeUrl: 'https://backoffice.example',
});

/** A cut of the demo staff menu: two mega-menus with label columns, a plain item with children, top-level links. */
const staff: CurrentStaff = {
  name: 'Grace Ho',
  menus: [
    { type: 'mainMenu', name: 'Service', path: '/service' },
    { type: 'label', name: 'Follow-ups', path: '' },
    { type: 'subMenu', name: 'Service Records', path: '/service/records' },
    { type: 'subMenu', name: 'Missing Premium', path: '/service/missing_premium' },
    { type: 'mainMenu', name: 'Commission', path: '/commission' },
    { type: 'label', name: 'Revenue', path: '' },
    { type: 'subMenu', name: 'Revenues', path: '/internal/revenues' },
    { type: 'label', name: 'Pay-out', path: '' },
    { type: 'subMenu', name: 'Pay-out Runs', path: '/commission/payouts' },
    { type: 'mainMenu', name: 'Report', path: '/report' },
    { type: 'mainMenu', name: 'Chart', path: '/chart' },
  ],
};

async function renderShell(site = staffSite) {
  const result = renderApp('/internal/revenues', {
    me: meWith({ currentStaff: staff }),
    site,
    handlers: {
      'POST /internal/revenues/search': () => ({ items: [], totalSize: 0, totalIsLowerBound: false }),
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Revenues' });
  const menu = screen.getByRole('navigation', { name: 'Main menu' });
  return { ...result, menu };
}

const key = (element: Element, name: string) => fireEvent.keyDown(element, { key: name });

describe('internal header and footer', () => {
  it('shows the title, the back-office search, the name linking to session edit, logout and the copyright range', async () => {
    await renderShell();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Angel Financial Services Back Office' }),
    ).toBeVisible();
    const search = screen.getByRole('search', { name: 'Search the back office' });
    expect(search).toHaveAttribute('action', 'https://backoffice.example/search');
    expect(search).toHaveAttribute('method', 'get');
    expect(within(search).getByRole('searchbox', { name: 'Search the back office' })).toHaveAttribute(
      'name',
      'keyword',
    );
    expect(screen.getByRole('link', { name: /^Grace Ho/ })).toHaveAttribute(
      'href',
      'https://backoffice.example/session/edit',
    );
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    // The firm's name after the years, as on every other footer.
    expect(
      screen.getByText(`© 2012–${new Date().getFullYear()} Angel Financial Services`),
    ).toBeInTheDocument();
  });

  it('shows exactly the permitted entries, in the documented order, with SPA and back-office targets', async () => {
    const { menu } = await renderShell();
    const bar = within(menu)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === menu);
    expect(bar.map((item) => item.firstElementChild?.textContent)).toEqual([
      'Service',
      'Commission',
      'Report',
      'Chart',
    ]);
    expect(within(menu).queryByText('Batch')).toBeNull();
    const report = within(menu).getByRole('link', { name: 'Report' });
    expect(report).toHaveAttribute('href', 'https://backoffice.example/report');
    // Marked as leading to the back office; the portal's own screens are not.
    expect(report).toHaveAccessibleDescription('Opens a page of the back office.');

    fireEvent.click(within(menu).getByRole('button', { name: 'Commission' }));
    const revenues = within(menu).getByRole('link', { name: 'Revenues' });
    expect(revenues).toHaveAttribute('href', '/internal/revenues');
    expect(revenues).toHaveAttribute('aria-current', 'page');
    expect(revenues).not.toHaveAccessibleDescription();
    // Each label names its column's list.
    expect(within(menu).getByRole('list', { name: 'Pay-out' })).toContainElement(
      within(menu).getByRole('link', { name: 'Pay-out Runs' }),
    );
  });
});

describe('without a back office (BACK_OFFICE_URL unset)', () => {
  it('shows the back-office entries disabled with the reason, and the portal screens as links', async () => {
    const { menu } = await renderShell(siteInfo('afs', { feature: { external: 'false', internal: 'true' } }));
    const reason = 'Not available: this portal has no back-office address configured (BACK_OFFICE_URL).';
    const report = within(menu).getByRole('link', { name: 'Report' });
    expect(report).not.toHaveAttribute('href');
    expect(report).toHaveAttribute('aria-disabled', 'true');
    expect(report).toHaveAccessibleDescription(reason);
    expect(report).toHaveAttribute('title', reason);
    fireEvent.click(within(menu).getByRole('button', { name: 'Commission' }));
    expect(within(menu).getByRole('link', { name: 'Revenues' })).toHaveAttribute(
      'href',
      '/internal/revenues',
    );
    expect(within(menu).getByRole('link', { name: 'Pay-out Runs' })).toHaveAttribute('aria-disabled', 'true');
    // The search and the session link lead nowhere: a disabled search, the name as text.
    expect(screen.getByRole('searchbox', { name: 'Search the back office' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: /^Grace Ho/ })).toBeNull();
    expect(screen.getByText('Grace Ho')).toBeVisible();
  });
});

describe('main menu language', () => {
  it('words the names it knows in the page language and shows an unknown name as stored', async () => {
    renderApp('/zh/internal/revenues', {
      me: meWith({
        currentStaff: {
          ...staff,
          menus: [...staff.menus, { type: 'mainMenu', name: 'Archive', path: '/archive' }],
        },
      }),
      site: staffSite,
      handlers: {
        'POST /internal/revenues/search': () => ({ items: [], totalSize: 0, totalIsLowerBound: false }),
      },
    });
    const menu = await screen.findByRole('navigation', { name: '主選單' });
    const bar = within(menu)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === menu);
    expect(bar.map((item) => item.firstElementChild?.textContent)).toEqual([
      '服務',
      '佣金',
      '報表',
      '圖表',
      'Archive',
    ]);
    fireEvent.click(within(menu).getByRole('button', { name: '佣金' }));
    expect(within(menu).getByRole('link', { name: '收益' })).toHaveAttribute('href', '/zh/internal/revenues');
  });
});

describe('main menu keyboard', () => {
  it('Enter and Space toggle a panel; focus stays on the button', async () => {
    const { menu } = await renderShell();
    const service = within(menu).getByRole('button', { name: 'Service' });
    const panel = document.getElementById(service.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(service).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();

    service.focus();
    key(service, 'Enter');
    expect(service).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(service).toHaveFocus();
    key(service, ' ');
    expect(service).toHaveAttribute('aria-expanded', 'false');
  });

  it('ArrowDown opens and moves into the panel; arrows move, Escape closes and returns focus', async () => {
    const { menu } = await renderShell();
    const commission = within(menu).getByRole('button', { name: 'Commission' });
    commission.focus();
    key(commission, 'ArrowDown');
    const revenues = within(menu).getByRole('link', { name: 'Revenues' });
    await waitFor(() => expect(revenues).toHaveFocus());

    key(revenues, 'ArrowDown');
    const payoutRuns = within(menu).getByRole('link', { name: 'Pay-out Runs' });
    expect(payoutRuns).toHaveFocus();
    key(payoutRuns, 'ArrowDown'); // wraps
    expect(revenues).toHaveFocus();
    key(revenues, 'ArrowUp'); // wraps backwards
    expect(payoutRuns).toHaveFocus();
    key(payoutRuns, 'ArrowLeft'); // previous column of the mega-menu
    expect(revenues).toHaveFocus();
    key(revenues, 'End');
    expect(payoutRuns).toHaveFocus();

    key(payoutRuns, 'Escape');
    expect(commission).toHaveAttribute('aria-expanded', 'false');
    expect(commission).toHaveFocus();
  });

  it('ArrowUp opens on the last link; arrows along the bar move between items', async () => {
    const { menu } = await renderShell();
    const service = within(menu).getByRole('button', { name: 'Service' });
    service.focus();
    key(service, 'ArrowUp');
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Missing Premium' })).toHaveFocus());
    key(service, 'Escape');

    key(service, 'ArrowRight');
    expect(within(menu).getByRole('button', { name: 'Commission' })).toHaveFocus();
    const commission = within(menu).getByRole('button', { name: 'Commission' });
    key(commission, 'End');
    const chart = within(menu).getByRole('link', { name: 'Chart' });
    expect(chart).toHaveFocus();
    key(chart, 'ArrowRight'); // wraps to the first
    expect(service).toHaveFocus();
    key(service, 'ArrowLeft');
    expect(chart).toHaveFocus();
  });

  it('closes when focus leaves the item (Tab moves on) and when another item opens', async () => {
    const { menu } = await renderShell();
    const service = within(menu).getByRole('button', { name: 'Service' });
    const commission = within(menu).getByRole('button', { name: 'Commission' });
    fireEvent.click(service);
    expect(service).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(commission);
    expect(service).toHaveAttribute('aria-expanded', 'false');
    expect(commission).toHaveAttribute('aria-expanded', 'true');

    const payoutRuns = within(menu).getByRole('link', { name: 'Pay-out Runs' });
    fireEvent.blur(payoutRuns, { relatedTarget: within(menu).getByRole('link', { name: 'Report' }) });
    expect(commission).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('narrow screens', () => {
  it('puts the search, the name and the menu behind the burger; following a link closes it', async () => {
    await renderShell();
    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation', { name: 'Main menu' })).toHaveLength(1);

    fireEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menus = screen.getAllByRole('navigation', { name: 'Main menu' });
    expect(menus).toHaveLength(2);
    const phoneMenu = menus[1] as HTMLElement;
    fireEvent.click(within(phoneMenu).getByRole('button', { name: 'Commission' }));
    fireEvent.click(within(phoneMenu).getByRole('link', { name: 'Revenues' }));
    await waitFor(() => expect(screen.getAllByRole('navigation', { name: 'Main menu' })).toHaveLength(1));
  });
});
