import { newBusinessList } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { mockApi } from '../../test/render-app';
import { useSearchList } from './useSearchList';

const FIELDS = ['keywords', 'stage', 'stageOptions', 'receivedFrom', 'receivedTo', 'includedTeam'];

function setup(initialUrl: string) {
  const bodies: Record<string, unknown>[] = [];
  mockApi({
    'POST /b2b/new_business': ({ body }) => {
      bodies.push(body as Record<string, unknown>);
      return { items: [], totalSize: 0, totalIsLowerBound: false };
    },
  });
  const client = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const hook = renderHook(
    ({ producer }: { producer: number | null }) => ({
      list: useSearchList({
        name: newBusinessList.name,
        path: '/b2b/new_business',
        criteriaSchema: newBusinessList.criteria,
        responseSchema: newBusinessList.response,
        fieldKeys: FIELDS,
        scope: { selectedProducerId: producer, includedTeam: true },
      }),
      location: useLocation(),
      navigate: useNavigate(),
    }),
    { wrapper, initialProps: { producer: null as number | null } },
  );
  const url = () => `${hook.result.current.location.pathname}${hook.result.current.location.search}`;
  return { ...hook, bodies, url };
}

describe('useSearchList', () => {
  it('a change of selected producer returns paging, sort and fields to the defaults and fetches for them', async () => {
    const { result, rerender, bodies, url } = setup(
      '/b2b?page=3&sortField=stage&sortOrder=asc&keywords=chan&stage=all',
    );
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ page: 3, keywords: 'chan', stage: 'all', sortField: 'stage' });
    expect(bodies[0]).not.toHaveProperty('selectedProducerId');

    rerender({ producer: 42 });
    await waitFor(() => expect(url()).toBe('/b2b'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ ...newBusinessList.criteria.parse({}), selectedProducerId: 42 });
    expect(result.current.list.criteria).toEqual(newBusinessList.criteria.parse({}));
    // The old producer's search was never sent for the new one.
    expect(bodies.filter((body) => body.selectedProducerId === 42 && body.keywords)).toHaveLength(0);
  });

  it('reset restores the fields only and fetches; paging and sort stay', async () => {
    const { result, bodies, url } = setup(
      '/b2b?page=2&sortField=stage&sortOrder=desc&keywords=chan&includedTeam=false',
    );
    await waitFor(() => expect(bodies).toHaveLength(1));
    act(() => result.current.list.reset());
    await waitFor(() => expect(url()).toBe('/b2b?page=2&sortField=stage&sortOrder=desc'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ page: 2, sortField: 'stage', includedTeam: true, stage: 'nb' });
    expect(bodies[1]).not.toHaveProperty('keywords');
  });

  it('the same search submitted again fetches again; the back button restores the previous search', async () => {
    const { result, bodies } = setup('/b2b?keywords=chan');
    await waitFor(() => expect(bodies).toHaveLength(1));
    act(() => result.current.list.submit({ keywords: 'chan' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    act(() => result.current.list.changePage({ page: 2 }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toMatchObject({ page: 2, keywords: 'chan' });
    expect(result.current.list.exportQuery).toEqual({ keywords: 'chan', stage: 'nb', includedTeam: true });
    act(() => {
      void result.current.navigate(-1);
    });
    await waitFor(() => expect(result.current.list.criteria.page).toBe(1));
    expect(result.current.list.criteria.keywords).toBe('chan');
  });
});

describe('useSearchList options for reports', () => {
  function setupWith(initialUrl: string, options: Partial<Parameters<typeof useSearchList>[0]>) {
    const bodies: Record<string, unknown>[] = [];
    mockApi({
      'POST /b2b/new_business': ({ body }) => {
        bodies.push(body as Record<string, unknown>);
        return { items: [], totalSize: 0, totalIsLowerBound: false };
      },
    });
    const client = createQueryClient({ retry: false });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const hook = renderHook(
      ({ producer }: { producer: number | null }) => ({
        list: useSearchList({
          name: newBusinessList.name,
          path: '/b2b/new_business',
          criteriaSchema: newBusinessList.criteria,
          responseSchema: newBusinessList.response,
          fieldKeys: FIELDS,
          scope: { selectedProducerId: producer, includedTeam: true },
          ...options,
        }),
        location: useLocation(),
      }),
      { wrapper, initialProps: { producer: null as number | null } },
    );
    const url = () => `${hook.result.current.location.pathname}${hook.result.current.location.search}`;
    return { ...hook, bodies, url };
  }

  it('keepOnScopeChange: the named criteria survive a producer change, the rest return to their defaults', async () => {
    const { rerender, bodies, url } = setupWith('/b2b?page=3&keywords=chan&stage=all', {
      keepOnScopeChange: ['stage'],
    });
    await waitFor(() => expect(bodies).toHaveLength(1));
    rerender({ producer: 42 });
    await waitFor(() => expect(url()).toBe('/b2b?stage=all'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      ...newBusinessList.criteria.parse({ stage: 'all' }),
      selectedProducerId: 42,
    });
  });

  it('enabled: criteria it refuses are not fetched', async () => {
    const { result, bodies } = setupWith('/b2b?keywords=off', {
      enabled: (criteria) => criteria.keywords !== 'off',
    });
    expect(bodies).toHaveLength(0);
    act(() => result.current.list.submit({ keywords: 'on' }));
    // A fetch of the refused criteria would have gone out before this one: the first body is the accepted one's.
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ keywords: 'on' });
  });

  it('scope left out (staff lists): the body is the criteria alone, and reset keeps the criteria defaults', async () => {
    const { result, bodies } = setupWith('/b2b?keywords=chan&includedTeam=false', { scope: undefined });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual(newBusinessList.criteria.parse({ keywords: 'chan', includedTeam: 'false' }));
    expect(bodies[0]).not.toHaveProperty('selectedProducerId');
    act(() => result.current.list.reset());
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual(newBusinessList.criteria.parse({}));
  });
});
