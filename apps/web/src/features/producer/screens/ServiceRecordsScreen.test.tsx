import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProducer, meWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { aServiceRecordRow, fieldErrorResponse, pageOf } from '../test/list-fixtures';

const me = meWith({ currentProducer: aProducer });
const followupTypes = [
  { value: 6, type: 'Missing premium' },
  { value: 7, type: 'Renewal' },
];

describe('service records', () => {
  it('lists open records by default, with the follow-up types from the server', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderApp('/b2b/service_records', {
      me,
      handlers: {
        'POST /b2b/service_records': ({ body }) => {
          bodies.push(body as Record<string, unknown>);
          return pageOf(
            [
              aServiceRecordRow(),
              aServiceRecordRow({
                followupId: 702,
                uniqueId: 'SR-0002',
                status: 'C',
                completedDate: '2026-06-01',
                category: 'GI',
              }),
            ],
            2,
          );
        },
        '/b2b/get_all_followup_type': () => followupTypes,
      },
    });
    const table = await screen.findByRole('table', { name: 'Service records' });
    const closed = within(table).getByRole('row', { name: /Open service record SR-0002/ });
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    expect(within(closed).getByText('2026/06/01')).toBeInTheDocument();
    // The record type in words, never the stored code.
    expect(within(closed).getByText('General Insurance')).toBeInTheDocument();
    expect(within(closed).queryByText('GI')).toBeNull();
    expect(bodies[0]).toMatchObject({ statusOptions: 'O', includedTeam: true, page: 1, sizePerPage: 10 });
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
    await waitFor(() => expect(screen.getAllByLabelText('Follow-up types')[0]).not.toBeDisabled());
    expect(screen.getByText('None chosen: every type')).toBeInTheDocument();
  });

  it('restores status and types from the URL and exports them without paging', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { fetchMock } = renderApp(
      '/b2b/service_records?statusOptions=All&typeOptions=6&typeOptions=7&sizePerPage=20',
      {
        me,
        handlers: {
          'POST /b2b/service_records': ({ body }) => {
            bodies.push(body as Record<string, unknown>);
            return pageOf([aServiceRecordRow()], 1);
          },
          '/b2b/get_all_followup_type': () => followupTypes,
          '/b2b/sr_export': () => new Response('x'),
        },
      },
    );
    expect(await screen.findByRole('radio', { name: 'All' })).toBeChecked();
    expect(bodies[0]).toMatchObject({ statusOptions: 'All', typeOptions: [6, 7], sizePerPage: 20 });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    fireEvent.click(await screen.findByRole('button', { name: 'Export to Excel' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/sr_export'))).toBe(true),
    );
    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/sr_export'))?.[0]),
      'http://x',
    );
    expect(url.searchParams.get('statusOptions')).toBe('All');
    expect(url.searchParams.getAll('typeOptions')).toEqual(['6', '7']);
    expect(url.searchParams.has('sizePerPage')).toBe(false);
  });

  it('shows the server 400 field errors on the date fields', async () => {
    renderApp('/b2b/service_records?createdFrom=2026-01-01', {
      me,
      handlers: {
        'POST /b2b/service_records': () => fieldErrorResponse({ createdFrom: ['Date out of range'] }),
        '/b2b/get_all_followup_type': () => followupTypes,
      },
    });
    await screen.findByRole('textbox', { name: 'Created from' });
    // Queried again each time: the date field's stand-in gives way to the real picker when its code arrives.
    const from = () => screen.getByRole('textbox', { name: 'Created from' });
    await waitFor(() => expect(from()).toHaveAccessibleDescription(/Date out of range/));
    expect(from()).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables export when nothing matches', async () => {
    renderApp('/b2b/service_records', {
      me,
      handlers: {
        'POST /b2b/service_records': () => pageOf([]),
        '/b2b/get_all_followup_type': () => followupTypes,
      },
    });
    expect(await screen.findByText('No records match this search.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });
});
