import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aClient, meWith } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** An EventSource the test drives: it records every stream opened and lets the test send events on it. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

afterEach(() => {
  FakeEventSource.opened = [];
});

describe('live notifications', () => {
  it('counts a new message on the bell and asks for the conversations again at once', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let listed = 0;
    renderApp('/b2c/conversations', {
      me: meWith({ currentClient: { ...aClient, messageCount: 0 } }),
      handlers: {
        '/notifications': () => ({ data: [], unread: 0, more: false }),
        '/conversations/unread_count': () => ({ unread: 0 }),
        '/conversations': () => {
          listed += 1;
          return { data: [], totalSize: 0 };
        },
        '/b2c/plans': () => ({ data: [] }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    await waitFor(() => expect(listed).toBe(1));
    const stream = FakeEventSource.opened.at(-1);
    expect(stream?.url).toMatch(/\/notifications\/stream$/);

    act(() =>
      stream?.send('notification', {
        notification: {
          id: 'n9',
          type: 'message_received',
          at: '2026-11-28T01:02:00Z',
          read: false,
          title: 'new message',
          link: null,
        },
        unread: 1,
      }),
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(listed).toBe(2));

    // Another kind of notice leaves the conversations alone.
    act(() =>
      stream?.send('notification', {
        notification: {
          id: 'n10',
          type: 'export_ready',
          at: '2026-11-28T01:03:00Z',
          read: false,
          title: 'your export is ready',
          link: '/b2b/reports',
        },
        unread: 2,
      }),
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(listed).toBe(2);
  });
});
