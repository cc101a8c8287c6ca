import type { ClientMessage } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, meWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { message } from '../test/plan-fixtures';

describe('message box', () => {
  it('lists messages with YYYY/MM/DD dates and marks the unread ones', async () => {
    renderApp('/b2c/message', {
      me: meWith({ currentClient: { ...aClient, messageCount: 1 } }),
      handlers: {
        '/b2c/messages': () => ({
          data: [
            message({ id: 1 }),
            message({ id: 2, read: true, title: 'Statement ready', planNo: null, category: null }),
          ],
        }),
      },
    });
    const table = await screen.findByRole('table', { name: /Your messages/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveAttribute('data-unread', 'true');
    expect(rows[0]).toHaveTextContent('2026/05/03');
    expect(within(rows[0] as HTMLElement).getByText('Unread')).toBeInTheDocument();
    expect(rows[1]).not.toHaveAttribute('data-unread');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('-');
  });

  it('opening an unread message marks it read and lowers the unread badge of the member menu', async () => {
    let unread = 2;
    const messages: ClientMessage[] = [message({ id: 1 }), message({ id: 2, title: 'Policy anniversary' })];
    const { fetchMock } = renderApp('/b2c/message', {
      handlers: {
        '/me': () => meWith({ currentClient: { ...aClient, messageCount: unread } }),
        '/b2c/messages': () => ({ data: messages }),
        'POST /b2c/messages/2/read': () => {
          unread = 1;
          return { message: { ...messages[1], read: true }, messageCount: unread };
        },
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Member menu' });
    expect(await within(menu).findByLabelText('Unread messages: 2')).toBeInTheDocument();

    const row = (await screen.findByText('Policy anniversary')).closest('tr') as HTMLElement;
    fireEvent.keyDown(row, { key: 'Enter' });

    const drawer = await screen.findByRole('dialog', { name: 'Policy anniversary' });
    expect(drawer).toHaveTextContent('Your premium for May has been received.');
    await waitFor(() => expect(within(menu).getByLabelText('Unread messages: 1')).toBeInTheDocument());
    expect(row).not.toHaveAttribute('data-unread');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/b2c/messages/2/read');
  });
});
