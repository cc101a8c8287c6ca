import { describe, expect, it } from 'vitest';
import { signedInDestination } from './referrer';

const referrer = (path: string) => `?referrer=${encodeURIComponent(path)}`;

describe('signedInDestination', () => {
  it('goes to the area home without a referrer', () => {
    expect(signedInDestination('b2c', '', '')).toBe('/b2c');
    expect(signedInDestination('b2b', '/zh', '?area=b2b')).toBe('/zh/b2b/home');
  });

  it('returns to a referrer inside the area, in the current language, with its query', () => {
    expect(signedInDestination('b2c', '', referrer('/b2c/message?x=1'))).toBe('/b2c/message?x=1');
    expect(signedInDestination('b2b', '/ja', referrer('/zh/b2b/clients'))).toBe('/ja/b2b/clients');
  });

  it('ignores referrers outside the area, off-site or climbing out of it', () => {
    expect(signedInDestination('b2c', '', referrer('/b2b/commissions'))).toBe('/b2c');
    expect(signedInDestination('b2c', '', referrer('/b2cx'))).toBe('/b2c');
    expect(signedInDestination('b2c', '', referrer('//evil.example/b2c'))).toBe('/b2c');
    expect(signedInDestination('b2c', '', referrer('https://evil.example/b2c'))).toBe('/b2c');
    expect(signedInDestination('b2c', '', referrer('/b2c/../b2b'))).toBe('/b2c');
    expect(signedInDestination('b2b', '', referrer('/internal'))).toBe('/b2b/home');
    // Encoded dots, however many times, and backslashes are judged as a browser would resolve them.
    expect(signedInDestination('b2c', '', referrer('/b2c/%2e%2e/b2b'))).toBe('/b2c');
    expect(signedInDestination('b2c', '', referrer('/b2c/%252E%252E/b2b'))).toBe('/b2c');
    expect(signedInDestination('b2c', '', referrer('/b2c/..%5Cb2b'))).toBe('/b2c');
    expect(signedInDestination('b2c', '', referrer('/\\evil.example/b2c'))).toBe('/b2c');
  });
});
