import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { readRetryDelay, shouldRetryRead } from './query-client';

const refused = (status: number, retryAfterSeconds: number | null = null) => {
  const error = new ApiError(status, 'refused');
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
};

describe('what a failed read does next', () => {
  it('tries a network failure and a 5xx twice more, with the usual backoff', () => {
    expect(shouldRetryRead(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryRead(1, refused(503))).toBe(true);
    expect(shouldRetryRead(2, refused(503))).toBe(false);
    expect(readRetryDelay(0, refused(503))).toBe(1000);
    expect(readRetryDelay(1, refused(500))).toBe(2000);
    // A 503 asking for a minute is not waited out quietly: the usual backoff, then the message.
    expect(readRetryDelay(0, refused(503, 60))).toBe(1000);
  });

  it('waits out a short Retry-After of the person’s own cap, then tries again', () => {
    expect(shouldRetryRead(0, refused(429, 1))).toBe(true);
    expect(readRetryDelay(0, refused(429, 1))).toBe(1000);
    expect(shouldRetryRead(2, refused(429, 1))).toBe(false);
  });

  it('shows a long wait, a 429 without Retry-After and every other 4xx at once', () => {
    expect(shouldRetryRead(0, refused(429, 60))).toBe(false);
    expect(shouldRetryRead(0, refused(429))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetryRead(0, refused(status))).toBe(false);
  });
});
