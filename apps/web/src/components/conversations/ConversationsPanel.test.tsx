import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, aProducer, meWith } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('conversations', () => {
  it("lists the client's conversations with their unread count, and the menu's badge", async () => {
    renderApp('/b2c/conversations', {
      me: meWith({ currentClient: { ...aClient, messageCount: 0 } }),
      handlers: {
        '/conversations/unread_count': () => ({ unread: 2 }),
        '/conversations': () => ({
          data: [
            {
              id: 7,
              subject: 'About my <b>plan</b>',
              planNo: 'P1',
              unread: 2,
              lastMessageAt: '2026-11-28T01:02:03.000Z',
              withName: 'Calvin Yip',
            },
          ],
          totalSize: 1,
        }),
        '/b2c/plans': () => ({ data: [] }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    // Typed text is shown as text, never as markup.
    expect(await screen.findByRole('link', { name: 'About my <b>plan</b>' })).toBeInTheDocument();
    expect(screen.getByLabelText('2 unread messages')).toHaveTextContent('2');
  });
});

describe('a producer writing to a client', () => {
  it('opens the form addressed to the client chosen on the Clients screen and sends its id and plan', async () => {
    let sent: unknown;
    renderApp('/b2b/conversations?clientId=42&client=Chan%20Tai%20Man%20(AG10000001)&planNo=HLA1000001', {
      me: meWith({ currentProducer: aProducer }),
      handlers: {
        '/conversations/unread_count': () => ({ unread: 0 }),
        '/conversations': () => ({ data: [], totalSize: 0 }),
        'POST /conversations': ({ body }) => {
          sent = body;
          return { id: 9 };
        },
        '/conversations/9': () => ({ id: 9, subject: 'Your renewal', messages: [] }),
      },
    });
    expect(await screen.findByText('To: Chan Tai Man (AG10000001) · Plan HLA1000001')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /^Subject/ }), {
      target: { value: 'Your renewal' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Message/ }), {
      target: { value: 'Shall we meet next week?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sent).toEqual({
        subject: 'Your renewal',
        body: 'Shall we meet next week?',
        planNo: 'HLA1000001',
        clientId: 42,
      }),
    );
  });

  it('offers no form for an address that does not name a client properly', async () => {
    renderApp('/b2b/conversations?clientId=abc', {
      me: meWith({ currentProducer: aProducer }),
      handlers: {
        '/conversations/unread_count': () => ({ unread: 0 }),
        '/conversations': () => ({ data: [], totalSize: 0 }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByText(/^To:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New message' })).not.toBeInTheDocument();
  });
});
