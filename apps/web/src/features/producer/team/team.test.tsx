import type { ProducerTreeNode } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aProducer, meWith, siteInfo } from '../../../test/fixtures';
import { type ApiHandler, jsonResponse, renderApp } from '../../../test/render-app';

function node(id: number, name: string, code: string, childCount: number): ProducerTreeNode {
  return {
    kind: 'producer',
    id,
    text: `${name} (${code})`,
    children: childCount > 0,
    childCount,
    code,
    name,
    fullName: `${name} (${code})`,
    title: 'Consultant',
    li_attr: { name, fullname: `${name} (${code})` },
  };
}

// The signed-in producer (101) heads Betty (201, with Calvin 301 below) and Kenneth (202).
const ROOT = node(101, 'Peter Producer', 'P001', 2);
const BETTY = node(201, 'Betty Ng', 'A1002', 1);
const KENNETH = node(202, 'Kenneth Chow', 'A1003', 0);
const CALVIN = node(301, 'Calvin Yip', 'A1004', 0);
const CHILDREN: Record<string, ProducerTreeNode[]> = { '101': [BETTY, KENNETH], '201': [CALVIN] };

const profileOf = (name: string, code: string) => ({
  name,
  code,
  fullName: `${name} (${code})`,
  title: 'Sub-partner',
  opEmail: [`${code.toLowerCase()}@afs.example.com`],
  acEmail: [],
  contractAddress: ["10 Queen's Road Central", 'Hong Kong'],
  corrAddress: ['PO Box 1234'],
});

function teamHandlers(extra: Record<string, ApiHandler> = {}): Record<string, ApiHandler> {
  return {
    '/b2b/get_tree_node': ({ url }) => {
      if (url.searchParams.get('load_parent') === 'true') return [ROOT];
      return CHILDREN[url.searchParams.get('id') ?? ''] ?? jsonResponse({ error: 'Page Not Found' }, 404);
    },
    '/b2b/team/subtree': () => ({
      members: [
        { ...BETTY, parentId: 101 },
        { ...KENNETH, parentId: 101 },
        { ...CALVIN, parentId: 201 },
      ],
      total: 3,
      truncated: false,
    }),
    '/b2b/team/search': ({ url }) => ({
      items: url.searchParams.get('q')?.toLowerCase().includes('calv')
        ? [
            {
              ...CALVIN,
              path: [
                { id: 101, name: 'Peter Producer' },
                { id: 201, name: 'Betty Ng' },
              ],
            },
          ]
        : [],
      truncated: false,
    }),
    '/b2b/profile/101': () => profileOf('Peter Producer', 'P001'),
    '/b2b/profile/201': () => profileOf('Betty Ng', 'A1002'),
    ...extra,
  };
}

const producerMe = meWith({ currentProducer: aProducer });
const treeCalls = (fetchMock: ReturnType<typeof renderApp>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/b2b/get_tree_node'))
    .map((url) => url.search);

async function openTree() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open team tree' }));
  return screen.findByRole('tree', { name: 'Team tree' });
}

afterEach(() => sessionStorage.clear());

describe('team tree panel', () => {
  it('loads the root first and a producer’s children only when it is opened', async () => {
    const { fetchMock } = renderApp('/b2b', { me: producerMe, handlers: teamHandlers() });
    const tree = await openTree();
    const root = await within(tree).findByRole('treeitem', { name: /Peter Producer/ });
    expect(treeCalls(fetchMock)).toEqual(['?load_parent=true']);
    expect(within(tree).queryByText('Betty Ng (A1002)')).toBeNull();

    // Keyboard: ArrowRight opens the focused producer, which fetches its children.
    root.focus();
    fireEvent.keyDown(root, { key: 'ArrowRight', code: 'ArrowRight' });
    expect(await within(tree).findByText('Betty Ng (A1002)')).toBeInTheDocument();
    expect(treeCalls(fetchMock)).toEqual(['?load_parent=true', '?load_parent=false&id=101']);
    expect(within(tree).queryByText('Calvin Yip (A1004)')).toBeNull();
  });

  it('expands all in one bounded request and collapses all', async () => {
    const { fetchMock } = renderApp('/b2b', { me: producerMe, handlers: teamHandlers() });
    const tree = await openTree();
    await within(tree).findByRole('treeitem', { name: /Peter Producer/ });
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(await within(tree).findByText('Calvin Yip (A1004)')).toBeInTheDocument();
    expect(within(tree).getByText('Kenneth Chow (A1003)')).toBeInTheDocument();
    const subtreeCalls = fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('/b2b/team/subtree'),
    );
    expect(subtreeCalls).toHaveLength(1);
    expect(String(subtreeCalls[0]?.[0])).toContain('limit=500');

    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(within(tree).queryByText('Calvin Yip (A1004)')).toBeNull());
    expect(within(tree).queryByText('Betty Ng (A1002)')).toBeNull();
  });

  it('says when expand-all stopped at the cap', async () => {
    renderApp('/b2b', {
      me: producerMe,
      handlers: teamHandlers({
        '/b2b/team/subtree': () => ({
          members: [{ ...BETTY, parentId: 101 }],
          total: 16234,
          truncated: true,
        }),
      }),
    });
    const tree = await openTree();
    await within(tree).findByRole('treeitem', { name: /Peter Producer/ });
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect((await screen.findAllByText(/Showing the first 1 of 16,234 team members/)).length).toBeGreaterThan(
      0,
    );
    // Betty's only child was cut off: she still opens lazily; Kenneth's family shows "1 more".
    expect(within(tree).getByText(/1 more/)).toBeInTheDocument();
  });

  it('chooses a producer with the keyboard, shows the banner, and goes back to one’s own data', async () => {
    renderApp('/b2b', { me: producerMe, handlers: teamHandlers() });
    const tree = await openTree();
    const root = await within(tree).findByRole('treeitem', { name: /Peter Producer/ });
    fireEvent.keyDown(root, { key: 'ArrowRight', code: 'ArrowRight' });
    // A treeitem's name includes its open subtree, so find Betty's row by its own text.
    const betty = (await within(tree).findByText('Betty Ng (A1002)')).closest(
      '[role=treeitem]',
    ) as HTMLElement;
    betty.focus();
    fireEvent.keyDown(betty, { key: 'Enter', code: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'View alone' }));

    const banner = await screen.findByText('Viewing as Betty Ng (A1002), their own business only');
    expect(banner.closest('[role=status]')).not.toBeNull();
    const stored = JSON.parse(sessionStorage.getItem('portal.b2b.selectedProducer') ?? '{}');
    expect(stored).toMatchObject({
      producerId: 201,
      producerCode: 'A1002',
      includedTeam: false,
      ownerId: 101,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Back to my own data' }));
    await waitFor(() => expect(screen.queryByText(/Viewing as Betty Ng/)).toBeNull());
    expect(sessionStorage.getItem('portal.b2b.selectedProducer')).toBeNull();
  });

  it('searches the team by name and chooses a hit with their team', async () => {
    renderApp('/b2b', { me: producerMe, handlers: teamHandlers() });
    await openTree();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or advisor code' }), {
      target: { value: 'calv' },
    });
    const hit = await screen.findByRole('button', { name: /Calvin Yip \(A1004\)/ });
    expect(hit).toHaveTextContent('Under Peter Producer › Betty Ng');
    fireEvent.click(hit);
    fireEvent.click(await screen.findByRole('button', { name: 'View with their team' }));
    expect(await screen.findByText('Viewing as Calvin Yip (A1004), with their team')).toBeInTheDocument();
  });

  it('ignores a choice another producer left in the tab', async () => {
    sessionStorage.setItem(
      'portal.b2b.selectedProducer',
      JSON.stringify({
        producerId: 999,
        producerName: 'Someone',
        producerCode: 'X1',
        includedTeam: true,
        ownerId: 7,
      }),
    );
    renderApp('/b2b', { me: producerMe, handlers: teamHandlers() });
    await screen.findByRole('button', { name: 'Open team tree' });
    expect(screen.queryByText(/Viewing as Someone/)).toBeNull();
  });
});

describe('my profile', () => {
  it('shows the signed-in producer’s profile read-only', async () => {
    renderApp('/b2b/my_profile', { me: producerMe, handlers: teamHandlers() });
    expect(await screen.findByText('p001@afs.example.com')).toBeInTheDocument();
    expect(screen.getByText('PO Box 1234')).toBeInTheDocument();
    expect(screen.getByText('None on file')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the profile of the producer chosen from the tree', async () => {
    sessionStorage.setItem(
      'portal.b2b.selectedProducer',
      JSON.stringify({
        producerId: 201,
        producerName: 'Betty Ng',
        producerFullName: 'Betty Ng (A1002)',
        producerCode: 'A1002',
        includedTeam: true,
        ownerId: 101,
      }),
    );
    renderApp('/b2b/my_profile', { me: producerMe, handlers: teamHandlers() });
    expect(await screen.findByText('a1002@afs.example.com')).toBeInTheDocument();
    expect(screen.getByText('Viewing as Betty Ng (A1002), with their team')).toBeInTheDocument();
  });

  it('says when the profile cannot be fetched', async () => {
    renderApp('/b2b/my_profile', {
      me: producerMe,
      handlers: { '/b2b/profile/101': () => jsonResponse({ error: 'Page Not Found' }, 404) },
    });
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
  });
});

describe('producer side menu and header per site', () => {
  const menuOf = async () => screen.findByRole('navigation', { name: 'Advisor menu' });

  it('afs: Service Records, no Commissions or portal link without the permissions, configured links', async () => {
    renderApp('/b2b', {
      me: producerMe,
      site: siteInfo('afs', { links: { faq: 'https://faq.example/afs' } }),
      handlers: teamHandlers(),
    });
    const menu = await menuOf();
    expect(within(menu).getByRole('link', { name: 'Service Records' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Commissions' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: /Producer portal/ })).toBeNull();
    expect(within(menu).getByRole('link', { name: /FAQ/ })).toHaveAttribute(
      'href',
      'https://faq.example/afs',
    );
    expect(within(menu).getByRole('link', { name: /Contact Us\s*\(opens in a new tab\)/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(menu).getByText('Product codes')).toBeInTheDocument();
  });

  it('afs: Commissions and the producer portal with the permissions', async () => {
    renderApp('/b2b', {
      me: meWith({
        currentProducer: { ...aProducer, hasCommissionPermission: true, hasAvenueB2bLogin: true },
      }),
      handlers: teamHandlers(),
    });
    const menu = await menuOf();
    expect(within(menu).getByRole('link', { name: 'Commissions' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /Producer portal/ })).toHaveAttribute(
      'href',
      'https://avenue.afs.example/b2b',
    );
  });

  it('absg: no Service Records, a user menu with change password and logout', async () => {
    renderApp('/b2b', { me: producerMe, site: siteInfo('absg'), handlers: teamHandlers() });
    const menu = await menuOf();
    expect(within(menu).queryByRole('link', { name: 'Service Records' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Change Password' })).toBeNull();
    const header = screen.getByRole('banner');
    expect(header.querySelector('[data-external-element]')).toBeNull();
    expect(within(header).getByRole('button', { name: /Peter Producer/ })).toBeInTheDocument();
  });

  it('ipc: the partner header keeps its stand-in until the partner element is defined', async () => {
    renderApp('/b2b', {
      me: producerMe,
      site: siteInfo('ipc', {
        externalChrome: {
          scriptUrl: 'https://www.ipc.example/chrome.js',
          headerTag: 'ipc-test-header',
          footerTag: 'ipc-test-footer',
        },
      }),
      handlers: teamHandlers(),
    });
    await menuOf();
    expect(
      document.head.querySelector('script[data-partner-chrome="https://www.ipc.example/chrome.js"]'),
    ).not.toBeNull();
    expect(document.querySelector('ipc-test-header')).toBeNull();
    customElements.define('ipc-test-header', class extends HTMLElement {});
    customElements.define('ipc-test-footer', class extends HTMLElement {});
    await waitFor(() => expect(document.querySelector('ipc-test-header')).not.toBeNull());
    expect(document.querySelector('[data-external-element=partner-footer] ipc-test-footer')).not.toBeNull();
  });
});
