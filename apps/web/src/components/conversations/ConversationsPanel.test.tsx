import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, meWith } from '../../test/fixtures';
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
