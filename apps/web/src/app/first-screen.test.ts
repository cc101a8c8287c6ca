import type { MeResponse } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_DATA_WAIT_MS, firstScreenOf, preloadFirstScreen } from './first-screen';

describe('first screen of a URL', () => {
  it('knows the first screen of each area', () => {
    expect(firstScreenOf('/en/b2c')?.namespaces).toEqual(['client']);
    expect(firstScreenOf('/b2b/')?.namespaces).toEqual(['producer-team', 'producer-lists', 'lists']);
    expect(firstScreenOf('/kr/internal/revenues')?.namespaces).toEqual(['internal', 'lists']);
  });

  it('leaves every other page to load as before', () => {
    expect(firstScreenOf('/b2c/plan_detail/3')).toBeUndefined();
    expect(firstScreenOf('/registration')).toBeUndefined();
    expect(firstScreenOf('/loginx')).toBeUndefined();
    // The login page is its own document (login.html) with its own entry.
    expect(firstScreenOf('/zh/login')).toBeUndefined();
  });
});

describe('the first screen data', () => {
  const client = { currentClient: { clientId: 'AG00000001' }, currentProducer: null, currentStaff: null };
  const producer = { currentClient: null, currentProducer: { producerId: 1 }, currentStaff: null };

  it('My Plan asks for the plans once /me says a client is signed in', async () => {
    const fetchQuery = vi.fn(async (_options: unknown) => []);
    const queryClient = { prefetchQuery: fetchQuery } as unknown as QueryClient;
    const data = firstScreenOf('/b2c')?.data;
    await data?.(queryClient, 'ja', client as unknown as MeResponse);
    expect(fetchQuery).toHaveBeenCalledTimes(1);
    expect(fetchQuery.mock.calls[0]?.[0]).toMatchObject({ queryKey: ['b2c', 'plans', 'ja'] });
  });

  it('asks for nothing for anyone else (the guards redirect them)', async () => {
    const fetchQuery = vi.fn();
    const queryClient = { prefetchQuery: fetchQuery } as unknown as QueryClient;
    expect(
      firstScreenOf('/b2c')?.data?.(queryClient, 'en', producer as unknown as MeResponse),
    ).toBeUndefined();
    expect(fetchQuery).not.toHaveBeenCalled();
  });
});

describe('preloadFirstScreen', () => {
  it('waits for the first data at most FIRST_DATA_WAIT_MS, so a slow answer cannot hold the page on "Loading..."', async () => {
    const never = new Promise<never>(() => undefined);
    const queryClient = { prefetchQuery: () => never } as unknown as QueryClient;
    const me = Promise.resolve({ currentClient: { clientId: 'AG00000001' } } as unknown as MeResponse);
    const started = Date.now();
    await preloadFirstScreen('/b2c', 'en', { queryClient, me });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(FIRST_DATA_WAIT_MS - 50);
    expect(waited).toBeLessThan(FIRST_DATA_WAIT_MS + 3000);
  });

  it('does not wait on a session that failed', async () => {
    const queryClient = { prefetchQuery: vi.fn() } as unknown as QueryClient;
    const me = Promise.reject(new Error('offline'));
    await preloadFirstScreen('/b2c', 'en', { queryClient, me });
    expect(queryClient.prefetchQuery).not.toHaveBeenCalled();
  });
});
