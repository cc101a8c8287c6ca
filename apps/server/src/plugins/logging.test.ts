import { describe, expect, it } from 'vitest';
import { loggableError, redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('keeps link secrets out of the log', () => {
    expect(
      redactUrl('/angel/face/en/reset_password?login=AG10000002&activation_code=SECRET123&type=B2C'),
    ).toBe('/angel/face/en/reset_password?login=AG10000002&activation_code=[redacted]&type=B2C');
    expect(redactUrl('/x?token=abc')).toBe('/x?token=[redacted]');
    expect(redactUrl('/angel/face/en/api/me')).toBe('/angel/face/en/api/me');
  });
});

describe('loggableError', () => {
  it('drops the query parameters a database error carries', () => {
    const err = new Error(
      'Failed query: update users set password_hash = $1\nparams: $argon2id$v=19$secret,42',
      {
        cause: Object.assign(new Error('connection terminated'), { code: '57P01' }),
      },
    );
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain('argon2id');
    expect(logged).toContain('Failed query: update users');
    expect(logged).toContain('57P01');
  });
});
