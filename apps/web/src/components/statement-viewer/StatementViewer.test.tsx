import { statementPolicyList } from '@portal/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { type ApiHandler, jsonResponse, mockApi } from '../../test/render-app';
import { StatementViewer } from './StatementViewer';

const months = [
  { label: '2026/05', value: '2026-05' },
  { label: '2026/04', value: '2026-04' },
];
const policyList = statementPolicyList(
  [
    {
      partyId: 500,
      accountType: 'CONSOLIDATE',
      accountNo: 'C-10000001',
      monthOptions: months,
      consolidateCurency: 'USD',
      providerStatementPath: null,
      planId: null,
      planNo: null,
      productName: null,
    },
    {
      partyId: 501,
      accountType: 'POLICY',
      accountNo: 'A-501',
      monthOptions: months,
      consolidateCurency: 'USD',
      // As the server answers a producer (a client gets the client-area file route).
      providerStatementPath: '/statement/provider_statement/501',
      planId: 11,
      planNo: 'IL-0003',
      productName: 'Wealth Builder',
    },
    {
      partyId: 502,
      accountType: 'POLICY',
      accountNo: 'A-502',
      monthOptions: months,
      consolidateCurency: 'USD',
      providerStatementPath: null,
      planId: 13,
      planNo: 'FD-0002',
      productName: 'Global Equity Account',
    },
  ],
  'en',
);

function html(body: string) {
  return new Response(`<!doctype html><html><body>${body}</body></html>`, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

/** The viewer on its own, as the plan detail opens it: plan IL-0003 (party 501), May 2026. */
function openViewer(statementHandlers: Record<string, ApiHandler>) {
  const fetchMock = mockApi({ '/statement/policy_list/501': () => policyList, ...statementHandlers });
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <MemoryRouter>
        <StatementViewer opened onClose={() => {}} partyId={501} month="2026-05" />
      </MemoryRouter>
    </AppProviders>,
  );
  return { fetchMock };
}

describe('statement viewer', () => {
  it('shows Loading..., then the chosen month in a sandboxed frame', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchMock } = openViewer({
      '/statement/501.html': async () => {
        await gate;
        return html('<h1>Monthly statement IL-0003</h1>');
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Statement' });
    expect(await within(dialog).findByText('Loading...')).toBeInTheDocument();
    release();
    const frame = await within(dialog).findByTitle('Statement IL-0003 · Wealth Builder, 2026/05');
    expect(frame.getAttribute('srcdoc')).toContain('Monthly statement IL-0003');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    const htmlCall = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('/statement/501.html'));
    expect(htmlCall).toContain('/angel/face/en/api/statement/501.html?month=2026-05&request=b2c');
  });

  it('shows the consolidated statement in the chosen currency, USD first', async () => {
    const seen: string[] = [];
    openViewer({
      '/statement/501.html': () => html('<p>plan</p>'),
      '/statement/consolidate_statement/500.html': ({ url }) => {
        seen.push(url.search);
        return html(`<p>consolidated ${url.searchParams.get('selected_currency')}</p>`);
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Statement' });
    await within(dialog).findByTitle(/Wealth Builder/);
    fireEvent.click(within(dialog).getByLabelText('Policy / account'));
    fireEvent.click(await screen.findByRole('option', { name: /Consolidated statement/, hidden: true }));
    const currency = await within(dialog).findByLabelText('Currency');
    expect(currency).toHaveValue('USD');
    await waitFor(() =>
      expect(within(dialog).getByTestId('statement-frame').getAttribute('srcdoc')).toContain(
        'consolidated USD',
      ),
    );
    fireEvent.click(currency);
    fireEvent.click(await screen.findByRole('option', { name: 'HKD', hidden: true }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('statement-frame').getAttribute('srcdoc')).toContain(
        'consolidated HKD',
      ),
    );
    expect(seen).toContain('?selected_currency=HKD&month=2026-05');
  });

  it('downloads this statement in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openViewer({ '/statement/501.html': () => html('<p>plan</p>') });
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Statement' });
    await within(dialog).findByTitle(/Wealth Builder/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    const urls = open.mock.calls.map(([url]) => decodeURIComponent(String(url)));
    expect(urls[0]).toMatch(/\/en\/api\/statement\/download_monthly_statement\?month=2026-05&party_id=501$/);
    expect(open.mock.calls[0]?.[1]).toBe('_blank');
  });

  it("offers the plan's provider statement where the account has one", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openViewer({
      '/statement/501.html': () => html('<p>plan</p>'),
      '/statement/502.html': () => html('<p>b</p>'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Statement' });
    await within(dialog).findByTitle(/Wealth Builder/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Provider statement' }));
    expect(decodeURIComponent(String(open.mock.calls.at(-1)?.[0]))).toMatch(
      /\/en\/api\/statement\/provider_statement\/501$/,
    );
    fireEvent.click(within(dialog).getByLabelText('Policy / account'));
    fireEvent.click(await screen.findByRole('option', { name: /FD-0002/, hidden: true }));
    await within(dialog).findByTitle(/Global Equity Account/);
    expect(within(dialog).queryByRole('button', { name: 'Provider statement' })).toBeNull();
    open.mockRestore();
  });

  it('fetches every plan statement as ZIP in the page: busy, counting what arrived, then saved under its name', async () => {
    let finish: (() => void) | undefined;
    const zipBytes = new Uint8Array(2500).fill(7);
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const seen: string[] = [];
    openViewer({
      '/statement/501.html': () => html('<p>plan</p>'),
      '/statement/download_zip': ({ url }) => {
        seen.push(decodeURIComponent(url.search));
        // The first chunk arrives at once; the rest only when the test says so.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(zipBytes.slice(0, 1200));
            finish = () => {
              controller.enqueue(zipBytes.slice(1200));
              controller.close();
            };
          },
        });
        return new Response(body, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition':
              'attachment; filename="s.zip"; filename*=UTF-8\'\'Statements%202026-05.zip',
          },
        });
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Statement' });
    await within(dialog).findByTitle(/Wealth Builder/);
    const zip = within(dialog).getByRole('button', { name: 'All plans as ZIP' });
    fireEvent.click(zip);
    await waitFor(() => expect(zip).toHaveAttribute('aria-busy', 'true'));
    const status = await within(dialog).findByText('Step 2 of 2: Downloading… 1.2 kB received');
    expect(status).toHaveAttribute('role', 'status');
    expect(clicked).toEqual([]);
    finish?.();
    await within(dialog).findByText('Downloaded: Statements 2026-05.zip');
    expect(zip).toHaveAttribute('aria-busy', 'false');
    expect(clicked).toEqual(['Statements 2026-05.zip']);
    expect(seen).toEqual(['?party_ids=501,502&month=2026-05']);
    click.mockRestore();
  });

  it('says why a bundle failed, with the server message', async () => {
    openViewer({
      '/statement/501.html': () => html('<p>plan</p>'),
      '/statement/download_pdf': () =>
        jsonResponse({ error: 'Too many downloads at once. Please try again in a minute.' }, 429),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Statement' });
    await within(dialog).findByTitle(/Wealth Builder/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'All plans as PDF' }));
    expect(
      await within(dialog).findByText(
        'The download failed: Too many downloads at once. Please try again in a minute.',
        {},
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('opens an error pop-up with the server message when the statement fails', async () => {
    openViewer({
      '/statement/501.html': () =>
        jsonResponse(
          { error: 'Only the statements of the last six months can be viewed or downloaded.' },
          400,
        ),
    });
    const popup = await screen.findByRole('dialog', { name: 'Notification' });
    expect(within(popup).getByRole('alert')).toHaveTextContent('Only the statements of the last six months');
    const [, closeButton] = within(popup).getAllByRole('button', { name: 'Close' });
    fireEvent.click(closeButton as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notification' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Monthly Statement' })).toHaveTextContent(
      'The statement could not be shown.',
    );
  });
});
