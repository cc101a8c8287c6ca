import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProducer, meWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { EXPORT_POLL_INTERVAL_MS } from '../api/reports-api';
import { pageOf } from '../test/list-fixtures';
import { aLapsedRow, anExportJob } from '../test/report-fixtures';

const me = meWith({ currentProducer: aProducer });
const RUN_URL = '/b2b/reports?reportType=1&status=LAP&sortField=policyNo&sortOrder=desc';
const JOB_ID = anExportJob().jobId;
const xlsx = (name: string) =>
  new Response('xlsx', { headers: { 'Content-Disposition': `attachment; filename="${name}"` } });
const urlsOf = (fetchMock: { mock: { calls: unknown[][] } }, part: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname.includes(part));

beforeEach(() => {
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  vi.useRealTimers();
});

describe('report export', () => {
  it('up to the threshold: downloads GET /b2b/report_export with the form, excludeStatus comma-joined', async () => {
    const { fetchMock } = renderApp(`${RUN_URL}&excludeStatus=CAN&excludeStatus=LAP`, {
      me,
      handlers: {
        'POST /b2b/reports': () => pageOf([aLapsedRow()], 20_000),
        'GET /b2b/report_export': () => xlsx('Lapsed.xlsx'),
      },
    });
    await screen.findByTestId('report-count');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(urlsOf(fetchMock, '/report_export')).toHaveLength(1));
    const url = urlsOf(fetchMock, '/report_export')[0] as URL;
    expect(url.pathname).toBe('/angel/face/en/api/b2b/report_export');
    expect(url.searchParams.getAll('excludeStatus')).toEqual(['CAN,LAP']);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      reportType: '1',
      status: 'LAP',
      excludeStatus: 'CAN,LAP',
      sortField: 'policyNo',
      sortOrder: 'desc',
      includedTeam: 'true',
    });
    expect(await screen.findByText(/Lapsed\.xlsx/)).toBeInTheDocument();
    expect(urlsOf(fetchMock, '/report_exports')).toHaveLength(0);
  });

  it('above it: a background job with progress polled about every second, then the file', async () => {
    // The poll interval alone is faked: the test moves time on instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bodies: unknown[] = [];
    let polls = 0;
    const { fetchMock } = renderApp(RUN_URL, {
      me,
      handlers: {
        'POST /b2b/reports': () => pageOf([aLapsedRow()], 10_000, true),
        'POST /b2b/report_exports': ({ body }) => {
          bodies.push(body);
          return new Response(JSON.stringify(anExportJob()), {
            status: 202,
            headers: { 'Content-Type': 'application/json' },
          });
        },
        [`GET /b2b/report_exports/${JOB_ID}`]: () => {
          polls += 1;
          return polls === 1
            ? anExportJob({ state: 'running', rowsWritten: 4_000, totalRows: 12_000 })
            : anExportJob({ state: 'done', rowsWritten: 12_000, totalRows: 12_000 });
        },
        [`GET /b2b/report_exports/${JOB_ID}/file`]: () => xlsx('Lapsed-Surrender-2026-12-15.xlsx'),
      },
    });
    await screen.findByTestId('report-count');
    expect(screen.getByText('Over 20,000 rows, the file is prepared in the background.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '33'));
    expect(screen.getByText('Writing rows: 4,000 of 12,000')).toHaveAttribute('aria-live', 'polite');
    expect(bodies[0]).toEqual({
      reportType: 1,
      status: 'LAP',
      sortField: 'policyNo',
      sortOrder: 'desc',
      includedTeam: true,
    });
    expect(polls).toBe(1);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS);
    const download = await screen.findByRole('button', { name: 'Download Lapsed-Surrender-2026-12-15.xlsx' });
    expect(screen.getByText('The file is ready (12,000 rows).')).toBeInTheDocument();
    expect(polls).toBe(2);
    fireEvent.click(download);
    await waitFor(() => expect(urlsOf(fetchMock, `/report_exports/${JOB_ID}/file`)).toHaveLength(1));
    // A finished job is not asked again, however long the screen stays open.
    await vi.advanceTimersByTimeAsync(10 * EXPORT_POLL_INTERVAL_MS);
    expect(polls).toBe(2);
    expect(
      urlsOf(fetchMock, '/report_export').filter((url) => url.pathname.endsWith('/report_export')),
    ).toEqual([]);
  });

  it('says clearly when the job failed', async () => {
    renderApp(RUN_URL, {
      me,
      handlers: {
        'POST /b2b/reports': () => pageOf([aLapsedRow()], 10_000, true),
        'POST /b2b/report_exports': () => anExportJob(),
        [`GET /b2b/report_exports/${JOB_ID}`]: () =>
          anExportJob({ state: 'failed', error: 'The export stopped: more than 200,000 rows.' }),
      },
    });
    await screen.findByTestId('report-count');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The export failed.');
    expect(alert).toHaveTextContent('The export stopped: more than 200,000 rows.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('stops polling when the screen is left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let polls = 0;
    const { unmount } = renderApp(RUN_URL, {
      me,
      handlers: {
        'POST /b2b/reports': () => pageOf([aLapsedRow()], 10_000, true),
        'POST /b2b/report_exports': () => anExportJob(),
        [`GET /b2b/report_exports/${JOB_ID}`]: () => {
          polls += 1;
          return anExportJob({ state: 'running', rowsWritten: polls * 100, totalRows: 12_000 });
        },
      },
    });
    await screen.findByTestId('report-count');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await vi.waitFor(() => expect(polls).toBe(1));
    // Polling while the screen is open (else the silence below would prove nothing)…
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS);
    await vi.waitFor(() => expect(polls).toBe(2));
    unmount();
    // …and none once it is left.
    await vi.advanceTimersByTimeAsync(10 * EXPORT_POLL_INTERVAL_MS);
    expect(polls).toBe(2);
  });
});
