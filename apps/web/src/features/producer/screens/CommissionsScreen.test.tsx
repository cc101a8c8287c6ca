import type { CommissionStatementMonth } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProducer, meWith } from '../../../test/fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';

const me = meWith({ currentProducer: { ...aProducer, hasCommissionPermission: true } });
const LIST = `GET /b2b/commissions/list_statement/${aProducer.producerId}`;

const statements: CommissionStatementMonth[] = [
  {
    month: '2026-10',
    regionCode: 'HK',
    pdfList: [
      {
        producerCode: 'P001',
        companyCode: 'AFSL',
        companyName: 'Angel Financial Services Limited',
        period: 'M',
        fileName: 'P001_AFSL_2026-10.pdf',
        fileType: 'pdf',
      },
    ],
  },
  {
    month: '2026-09',
    regionCode: 'HK',
    pdfList: [
      {
        producerCode: 'P001',
        companyCode: 'AFSL',
        companyName: 'Angel Financial Services Limited',
        period: 'M',
        fileName: 'P001_AFSL_2026-09.pdf',
        fileType: 'pdf',
      },
      {
        producerCode: 'P001',
        companyCode: 'AWM',
        companyName: 'Angel Wealth Management (HK) Limited',
        period: 'Q',
        fileName: 'P001_AWM_2026-09_Q.pdf',
        fileType: 'pdf',
      },
    ],
  },
];

describe('commissions', () => {
  it('lists statements by month and region, newest first, and downloads one with its keys', async () => {
    const { fetchMock } = renderApp('/b2b/commissions', {
      me,
      handlers: {
        [LIST]: () => statements,
        'GET /b2b/commissions/download_statement': () =>
          new Response('%PDF-', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="P001_AWM_2026-09_Q.pdf"',
            },
          }),
      },
    });
    const october = await screen.findByRole('region', { name: '2026/10 · Hong Kong' });
    const september = screen.getByRole('region', { name: '2026/09 · Hong Kong' });
    expect(october.compareDocumentPosition(september) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(september).getAllByRole('row')).toHaveLength(3);
    expect(within(september).getByText('Quarterly')).toBeInTheDocument();
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    const button = within(september).getByRole('button', {
      name: 'Download commission statement P001_AWM_2026-09_Q.pdf (Angel Wealth Management (HK) Limited, 2026/09)',
    });
    expect(button).toHaveTextContent('P001_AWM_2026-09_Q.pdf');
    fireEvent.click(button);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/download_statement'))).toBe(true),
    );
    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/download_statement'))?.[0]),
      'http://localhost',
    );
    expect(url.pathname).toBe('/angel/face/en/api/b2b/commissions/download_statement');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      month: '2026-09',
      code: 'P001',
      company: 'AWM',
      region: 'HK',
      producerId: String(aProducer.producerId),
      fileType: 'pdf',
    });
    expect(
      await within(september).findByText(/P001_AWM_2026-09_Q\.pdf/, { selector: '[role="status"]' }),
    ).toBeInTheDocument();
  });

  it('says when no statement was issued', async () => {
    renderApp('/b2b/commissions', { me, handlers: { [LIST]: () => [] } });
    expect(
      await screen.findByText('No commission statements have been issued in the last six months.'),
    ).toBeInTheDocument();
  });

  it("shows the server's errors message on a refusal", async () => {
    renderApp('/b2b/commissions', {
      me,
      handlers: {
        [LIST]: () =>
          jsonResponse(
            { errors: { base: ['Commission statements are not available for your account.'] } },
            403,
          ),
      },
    });
    // The ledger below has its own calls (and alerts); this one is the statements'.
    const message = await screen.findByText('Commission statements are not available for your account.');
    const alert = message.closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(alert).toHaveTextContent('Fail fetching data');
  });

  it('is worded in Chinese on a Chinese page', async () => {
    const { fetchMock } = renderApp('/zh/b2b/commissions', { me, handlers: { [LIST]: () => statements } });
    const september = await screen.findByRole('region', { name: '2026/09 · 香港' });
    expect(within(september).getByText('每季')).toBeInTheDocument();
    expect(
      within(september).getByRole('button', { name: /^下載佣金結算單 P001_AWM_2026-09_Q\.pdf/ }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/angel/face/zh/api/b2b/commissions/list_statement/${aProducer.producerId}`,
    );
  });
});
