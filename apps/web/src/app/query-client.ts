import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** The longest Retry-After a read waits out by itself; a longer one is shown to the person with its message. */
const LONGEST_QUIET_WAIT_SECONDS = 5;
const RETRIES = 2;

/**
 * Whether a failed read is tried again. Network failures and 5xx are; other 4xx answers are final (not signed in,
 * not allowed, bad input). A 429 with a short Retry-After is the person's own cap on work under way (several lists
 * or downloads of theirs at once, docs/operations.md "One heavy user"): the read waits that long and tries again,
 * instead of showing an error for something that clears in a second.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= RETRIES) return false;
  if (!isApiError(error)) return true;
  if (error.status === 429)
    return error.retryAfterSeconds !== null && error.retryAfterSeconds <= LONGEST_QUIET_WAIT_SECONDS;
  return !(error.status >= 400 && error.status < 500);
}

/**
 * A short Retry-After when the server named one, else react-query's own backoff (1 s, 2 s, … up to 30 s): a 503
 * asking for a minute would otherwise keep the page loading for that minute before it says anything.
 */
export function readRetryDelay(failureCount: number, error: unknown): number {
  if (
    isApiError(error) &&
    error.retryAfterSeconds !== null &&
    error.retryAfterSeconds <= LONGEST_QUIET_WAIT_SECONDS
  )
    return error.retryAfterSeconds * 1000;
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: options.retry === false ? false : shouldRetryRead,
        retryDelay: readRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}
