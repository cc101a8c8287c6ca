import { Center } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FetchError } from '../components/FetchError';
import { LoadingState } from '../components/LoadingState';
import { meQueryOptions, siteInfoQueryOptions, useMeCacheSync } from '../lib/session';

/** Loads `/me` and `/site_info` and renders nothing else until both are here (docs/product.md, "How the browser talks
 * to the server").
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const me = useQuery(meQueryOptions);
  const site = useQuery(siteInfoQueryOptions);
  useMeCacheSync();

  if (me.isError || site.isError) {
    return (
      <Center mih="100vh" p="md">
        <FetchError
          error={me.error ?? site.error}
          onRetry={() => {
            if (me.isError) void me.refetch();
            if (site.isError) void site.refetch();
          }}
        />
      </Center>
    );
  }
  if (!me.data || !site.data) return <LoadingState fullPage />;
  return children;
}
