import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { mockApi } from '../../test/render-app';
import { DownloadButton } from './DownloadButton';

const slow = { timeout: 8000 };

afterEach(() => vi.restoreAllMocks());

/*
 * The combined statements PDF is rendered whole before its first byte: the button shows two stages, the server
 * making the file (the bar runs, the line says what is being prepared), then the bytes arriving (the bar fills by
 * the Content-Length the server sends).
 */
describe('download button with progress', () => {
  it('runs the bar while the server prepares, then fills it by Content-Length, then says it is saved', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const pdf = new Uint8Array(4000).fill(1);
    let answer!: () => void;
    const rendered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let finish!: () => void;
    mockApi({
      '/statement/download_pdf': async () => {
        await rendered;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(pdf.slice(0, 1000));
            finish = () => {
              controller.enqueue(pdf.slice(1000));
              controller.close();
            };
          },
        });
        return new Response(body, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Length': String(pdf.length),
            'Content-Disposition': 'attachment; filename="statements-2026-05.pdf"',
          },
        });
      },
    });
    render(
      <AppProviders queryClient={createQueryClient({ retry: false })}>
        <MemoryRouter>
          <DownloadButton
            path="/statement/download_pdf"
            query={{ party_ids: '1,2,3' }}
            fallbackName="statements.pdf"
            preparing="Preparing 3 statements…"
          >
            Statements PDF
          </DownloadButton>
        </MemoryRouter>
      </AppProviders>,
    );
    const button = await screen.findByRole('button', { name: 'Statements PDF' }, slow);
    expect(document.querySelector('[data-download-progress]')).toBeNull();
    button.click();

    expect(await screen.findByText('Step 1 of 2: Preparing 3 statements…', {}, slow)).toHaveAttribute(
      'role',
      'status',
    );
    const bar = () => document.querySelector('[data-download-progress]');
    expect(bar()).toHaveAttribute('data-download-progress', 'running');
    expect(bar()).toHaveAttribute('aria-hidden', 'true');

    answer();
    await screen.findByText('Step 2 of 2: Downloading… 1 kB of 4 kB (25%)', {}, slow);
    expect(bar()).toHaveAttribute('data-download-progress', '25');

    finish();
    await screen.findByText('Downloaded: statements-2026-05.pdf', {}, slow);
    expect(bar()).toBeNull();
  });
});
