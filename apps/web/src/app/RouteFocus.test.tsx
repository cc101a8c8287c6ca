import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID } from '../components/SkipLink';
import { RouteFocus } from './RouteFocus';

/*
 * Focus after a change of screen (decision 013): the new screen's heading — also when React keeps the heading's
 * element from the previous screen and changes only its text — and nowhere new when the path keeps the heading.
 */

/** Every screen draws its heading in the same place, as the client area's screens do: React may reuse the element. */
function Screen({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

/** A screen whose loading state draws its own heading, replaced by a new element once the data is there. */
let finishLoading: () => void = () => {};
function LoadingScreen() {
  const [loaded, setLoaded] = useState(false);
  finishLoading = () => setLoaded(true);
  return loaded ? <h1 key="loaded">Summit Global Fund Account</h1> : <h1 key="loading">Plan Detail</h1>;
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteFocus />
            <button type="button">row</button>
            <main id={MAIN_CONTENT_ID}>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: '/', element: <Screen title="My Plan" /> },
          { path: '/plan', element: <Screen title="Plan detail" /> },
          { path: '/loading', element: <LoadingScreen /> },
          { path: '/tabs/a', element: <Screen title="Tabs" /> },
          { path: '/tabs/b', element: <Screen title="Tabs" /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteFocus', () => {
  it('focuses the new screen’s heading, even when React kept the element and changed its text', async () => {
    const router = renderApp();
    await act(() => router.navigate('/plan'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Plan detail' }));
  });

  it('moves focus on to the loaded screen’s heading when the loading heading is replaced', async () => {
    const router = renderApp();
    await act(() => router.navigate('/loading'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Plan Detail' }));
    act(() => finishLoading());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Summit Global Fund Account' }),
      ),
    );
  });

  it('leaves focus where it is when the new path keeps the same heading', async () => {
    const router = renderApp();
    await act(() => router.navigate('/tabs/a'));
    const row = screen.getByRole('button', { name: 'row' });
    row.focus();
    await act(() => router.navigate('/tabs/b'));
    expect(document.activeElement).toBe(row);
  });
});
