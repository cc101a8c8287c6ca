import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as React from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/query-client';
import { type ApiHandler, jsonResponse, mockApi } from '../../../test/render-app';
import {
  ClientDetailModal,
  ClientDocumentsModal,
  PolicyDetailModal,
  ServiceRecordDetailModal,
} from './index';

function html(body: string) {
  return new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

function show(ui: React.ReactNode, handlers: Record<string, ApiHandler>) {
  const fetchMock = mockApi(handlers);
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const FRAGMENT =
  '<div class="detail"><h2 class="detail-title">Policy Detail</h2><section class="detail-section"><h3>Stage history</h3>' +
  '<table class="detail-table"><tbody><tr><td>2026/05/04</td></tr></tbody></table></section>' +
  '<img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script></div>';

const PERFORMANCE = {
  from: '2024-01-01',
  to: '2024-03-31',
  currency: 'USD',
  twr: '0.0734',
  mwr: '0.0612',
  annualised: false,
  startValue: '1000.00',
  endValue: '2200.00',
  netFlows: '1000.00',
  gain: '200.00',
  series: [
    { date: '2023-12-31', value: '1000.00', netFlows: '0.00' },
    { date: '2024-01-31', value: '1050.00', netFlows: '0.00' },
    { date: '2024-02-29', value: '2100.00', netFlows: '1000.00' },
    { date: '2024-03-31', value: '2200.00', netFlows: '0.00' },
  ],
  flows: [{ date: '2024-02-29', amount: '1000.00' }],
  benchmark: null,
  difference: null,
  notes: [],
  available: { from: '2020-01-01', to: '2024-03-31' },
  plans: ['IL0001'],
  accounts: [],
};

describe('detail modals', () => {
  it('shows Loading..., then the sanitized fragment with a Download PDF button', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const onClose = vi.fn();
    show(<PolicyDetailModal id={42} onClose={onClose} />, {
      '/b2b/policy_detail/42.html': async () => {
        await gate;
        return html(FRAGMENT);
      },
    });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Policy Detail' });
    expect(await within(dialog).findByText('2026/05/04')).toBeInTheDocument();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("lists under a policy's detail what each party still owes, overdue said in words", async () => {
    const item = {
      mandatory: false,
      reason: null,
      statusChangedAt: '2026-11-01T00:00:00Z',
      documentCount: 0,
    };
    let reminders = 0;
    show(<PolicyDetailModal id={42} onClose={() => {}} />, {
      'POST /b2b/applications/42/reminders': () => {
        reminders += 1;
        return { sent: true, items: 2 };
      },
      '/b2b/policy_detail/42.html': () => html(FRAGMENT),
      '/b2b/applications/42/requirements': () => ({
        stage: 3,
        stageEnteredOn: '2026-10-01',
        stageTargetDays: 14,
        coolingOffEndsOn: '2026-12-20',
        data: [
          {
            ...item,
            id: 1,
            type: 'FNA',
            status: 'accepted',
            dueDate: '2020-01-01',
            provider: 'producer',
            salesStep: 1,
          },
          {
            ...item,
            id: 2,
            type: 'PAYMENT_PROOF',
            status: 'outstanding',
            dueDate: '2020-01-01',
            provider: 'client',
            mandatory: true,
            salesStep: null,
          },
          {
            ...item,
            id: 3,
            type: 'ID_PROOF',
            status: 'rejected',
            dueDate: null,
            provider: 'client',
            reason: 'Copy unreadable',
            salesStep: null,
          },
        ],
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Policy Detail' });
    const section = await within(dialog).findByRole('region', { name: 'Requirements' });
    expect(within(section).getByText(/^Cooling-off period ends on 2026\/12\/20\./)).toBeInTheDocument();
    // Time in the stage since 2026/10/01, against its 14-day target: long past it.
    expect(
      within(section).getByText(
        /^In this stage for \d+ days, since 2026\/10\/01\. Over the 14-day target\.$/,
      ),
    ).toBeInTheDocument();
    const fromClient = within(section).getByRole('table', { name: 'From the client: 2 of 2 still open' });
    const payment = within(fromClient).getByRole('row', { name: /Proof of payment/ });
    expect(within(payment).getByText('Required to issue')).toBeInTheDocument();
    expect(within(payment).getByText('Overdue')).toBeInTheDocument();
    expect(within(fromClient).getByText('Copy unreadable')).toBeInTheDocument();
    // A cleared item past its due date is not overdue.
    const fromAdvisor = within(section).getByRole('table', { name: 'From the advisor: 0 of 1 still open' });
    expect(within(fromAdvisor).queryByText('Overdue')).toBeNull();

    // The client owes two items: the producer reminds them once; the answer is read out.
    const remind = within(section).getByRole('button', { name: 'Remind the client of the 2 items they owe' });
    fireEvent.click(remind);
    expect(await within(section).findByRole('status')).toHaveTextContent('Reminder sent: 2 items.');
    expect(remind).toBeDisabled();
    expect(reminders).toBe(1);
  });

  it('gives focus back to what opened it, also the first time (when its code loads)', async () => {
    function Opener() {
      const [id, setId] = React.useState<number | null>(null);
      return (
        <>
          <button type="button" onClick={() => setId(42)}>
            Open row
          </button>
          <PolicyDetailModal id={id} onClose={() => setId(null)} />
        </>
      );
    }
    show(<Opener />, { '/b2b/policy_detail/42.html': () => html(FRAGMENT) });
    const opener = screen.getByRole('button', { name: 'Open row' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Policy Detail' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('has no PDF button for a service record', async () => {
    show(<ServiceRecordDetailModal id={7} onClose={() => {}} />, {
      '/b2b/service_record_detail/7.html': () => html('<div><p>SRAFS100001</p></div>'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Service Record' });
    expect(await within(dialog).findByText('SRAFS100001')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('shows the error pop-up with a title and the server’s error text; closing it closes the modal', async () => {
    const onClose = vi.fn();
    show(<ClientDetailModal id={99} onClose={onClose} />, {
      '/b2b/client_detail/99.html': () => jsonResponse({ error: 'Page Not Found' }, 404),
    });
    const popup = await screen.findByRole('dialog', { name: 'Client detail could not be shown' });
    expect(within(popup).getByRole('alert')).toHaveTextContent('Page Not Found');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Client Detail' })).toBeNull());
    fireEvent.click(within(popup).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it("draws the plan's performance (the shared view: returns and chart) under the client detail", async () => {
    const asked: string[] = [];
    show(<ClientDetailModal id={7} onClose={() => {}} plan={{ clientId: 31, planNo: 'IL0001' }} />, {
      '/b2b/client_detail/7.html': () => html('<div class="detail"><p>AG0001</p></div>'),
      '/b2b/clients/31/performance': ({ url }) => {
        asked.push(url.search);
        return PERFORMANCE;
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Client Detail' });
    const section = await within(dialog).findByTestId('plan-performance');
    expect(await within(section).findByRole('slider')).toBeInTheDocument();
    expect(within(section).getByTestId('twr')).toHaveTextContent('+7.34%');
    // Worded about the client for the producer reading it, not to them.
    expect(
      within(section).getByRole('heading', {
        name: "The client's return: +7.34% (cumulative, not annualised)",
      }),
    ).toBeInTheDocument();
    expect(within(section).getByText(/XIRR of the client's payments/)).toBeInTheDocument();
    expect(section.textContent).not.toMatch(/\byour?\b/i);
    expect(asked[0]).toContain('planNo=IL0001');
    expect(asked[0]).toContain('preset=inception');
  });

  it('fetches nothing while closed', async () => {
    // Beside an open one, mounted at the same moment: once the open one has shown its page, a closed one that
    // fetched would have fetched too. No waiting for a time in which nothing should happen.
    const fetchMock = show(
      <>
        <ClientDetailModal id={null} onClose={() => {}} />
        <ClientDetailModal id={5} onClose={() => {}} />
      </>,
      { '/b2b/client_detail/5.html': () => html(FRAGMENT) },
    );
    await screen.findByRole('dialog', { name: 'Client Detail' });
    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/\/b2b\/client_detail\/5\.html$/);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

const TREE = [
  {
    text: 'Application Forms',
    filePath: '10',
    kind: 'folder',
    children: [{ text: 'Application Form.pdf', filePath: '11', kind: 'file', children: [] }],
  },
  { text: 'Annual Review 2025.pdf', filePath: '12', kind: 'file', children: [] },
];

describe('client documents', () => {
  it('shows the tree, opened, and downloads a file on Enter with the account and node id', async () => {
    const download = vi.fn(
      (_url: URL) => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    show(<ClientDocumentsModal accountNo="IL0000123" onClose={() => {}} />, {
      '/b2b/clients/list_document': ({ url }) => {
        expect(url.searchParams.get('account_no')).toBe('IL0000123');
        return TREE;
      },
      '/b2b/clients/download_document': ({ url }) => download(url),
    });
    const tree = await screen.findByRole('tree', { name: 'Documents of account IL0000123' });
    const items = within(tree).getAllByRole('treeitem');
    expect(items.map((i) => i.getAttribute('data-value'))).toEqual(['10', '11', '12']);
    expect(within(tree).getByText('Application Form.pdf (download)')).toBeInTheDocument();
    const file = items[2] as HTMLElement;
    file.focus();
    fireEvent.keyDown(file, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(download).toHaveBeenCalled());
    const url = (download.mock.calls[0] as unknown as [URL])[0];
    expect(url.searchParams.get('account_no')).toBe('IL0000123');
    expect(url.searchParams.get('file')).toBe('12');
    expect(await screen.findByText('Annual Review 2025.pdf downloaded.')).toBeInTheDocument();
  });

  it('says "No file found." for an account without documents', async () => {
    show(<ClientDocumentsModal accountNo="IL0000999" onClose={() => {}} />, {
      '/b2b/clients/list_document': () => [],
    });
    expect(await screen.findByText('No file found.')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).toBeNull();
  });

  it('shows the error pop-up when the list cannot be had', async () => {
    show(<ClientDocumentsModal accountNo="X1" onClose={() => {}} />, {
      '/b2b/clients/list_document': () => jsonResponse({ error: 'Page Not Found' }, 404),
    });
    const popup = await screen.findByRole('dialog', { name: 'Documents could not be shown' });
    expect(within(popup).getByRole('alert')).toHaveTextContent('Page Not Found');
  });

  it('is worded in Chinese on a Chinese page', async () => {
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('zh');
    try {
      show(<ClientDocumentsModal accountNo="X2" onClose={() => {}} />, {
        '/b2b/clients/list_document': () => [],
      });
      expect(await screen.findByText('找不到檔案。')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: '客戶文件' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
