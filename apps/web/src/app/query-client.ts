import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** 4xx answers are final (not signed in, not allowed, bad input): only network and 5xx failures are retried. */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry:
          options.retry === false
            ? false
            : (failureCount, error) =>
                failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
