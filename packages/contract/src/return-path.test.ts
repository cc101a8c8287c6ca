import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.js';

const BASE = '/angel/face';

/** Where a browser ends up when the SPA under BASE navigates to the answer: it must be this origin, inside BASE. */
function landing(path: string) {
  const url = new URL(`${BASE}${path}`, 'https://afs.example.com');
  return { origin: url.origin, pathname: url.pathname };
}

// [referrer as it arrives in ?referrer=, what safeReturnPath answers]
const accepted: [string, string][] = [
  ['/b2c', '/b2c'],
  ['/zh/b2b/clients?page=2', '/zh/b2b/clients?page=2'],
  ['/b2c/message#top', '/b2c/message#top'],
  // Encoded letters are decoded once and for all; the query is kept as given.
  ['/b2c/%6Dessage', '/b2c/message'],
  ['/b2b/clients?q=%2e%2e%2f', '/b2b/clients?q=%2e%2e%2f'],
  ['/b2b/a..b/c', '/b2b/a..b/c'],
  ['/b2b/clients;v=1', '/b2b/clients;v=1'],
];

const refused: [string, string][] = [
  ['', 'empty'],
  ['b2c', 'relative'],
  ['https://evil.example/b2c', 'absolute URL'],
  ['//evil.example/b2c', 'protocol-relative'],
  ['/\\evil.example', 'backslash read as a slash'],
  ['\\\\evil.example', 'two backslashes'],
  ['/%5cevil.example', 'encoded backslash'],
  ['/%2f%2fevil.example', 'encoded slashes'],
  ['/%2F/evil.example', 'one encoded slash'],
  ['/\t/evil.example', 'tab dropped by browsers'],
  ['/%09/evil.example', 'encoded tab'],
  ['/\n/evil.example', 'newline'],
  ['/b2c/../b2b', 'dot-dot'],
  ['/b2c/./x', 'dot'],
  ['/b2c/%2e%2e/b2b', 'encoded dot-dot'],
  ['/b2c/%2E%2E/%2E%2E/%2E%2E/other-app', 'encoded dot-dot, upper case, out of the base path'],
  ['/b2c/.%2e/b2b', 'half-encoded dot-dot'],
  ['/b2c/%252e%252e/b2b', 'double-encoded dot-dot'],
  ['/b2c/%25252e%25252e/b2b', 'triple-encoded dot-dot'],
  [`/b2c/%${'25'.repeat(5)}2e%${'25'.repeat(5)}2e/b2b`, 'dot-dot under six encodings'],
  ['/b2c/%2525252e%2525252e/b2b', 'dot-dot under four encodings'],
  ['/b2c/%2e%2e%5cb2b', 'encoded dot-dot and backslash'],
  ['/..', 'dot-dot at the root'],
  ['/b2c/%', 'malformed escape'],
  ['/b2c/%zz', 'malformed escape'],
  ['/b2c/%3F/x', 'encoded question mark in the path'],
  ['/b2c/%23x', 'encoded hash in the path'],
  ['／／evil.example', 'full-width solidus'],
  ['/b2c/．．/b2b', 'full-width full stops'],
  ['/b2c/%EF%BC%8E%EF%BC%8E/b2b', 'encoded full-width full stops'],
  ['/\u2215evil.example', 'division slash'],
  ['/b2c/\u2024\u2024/b2b', 'one-dot leaders'],
  ['/b2c?x=\\y', 'backslash in the query'],
  ['/b2c?\t', 'tab in the query'],
  ['/b2c/ x', 'space'],
  [`/${'a'.repeat(2001)}`, 'too long'],
];

describe('safeReturnPath', () => {
  it.each(accepted)('accepts %s', (referrer, expected) => {
    const answer = safeReturnPath(referrer);
    expect(answer).toBe(expected);
    // Joined to the base path, it stays on this origin and inside the base path.
    const { origin, pathname } = landing(answer ?? '');
    expect(origin).toBe('https://afs.example.com');
    expect(pathname.startsWith(`${BASE}/`)).toBe(true);
  });

  it.each(refused)('refuses %j (%s)', (referrer) => {
    expect(safeReturnPath(referrer)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('would have let these out of the base path, had they been taken as spelt', () => {
    // The check has teeth: a browser resolves these outside /angel/face (or off the origin) when joined naively.
    for (const referrer of ['/b2c/%2e%2e/%2e%2e/%2e%2e/x', '/b2c/../../../x']) {
      expect(landing(referrer).pathname.startsWith(`${BASE}/`)).toBe(false);
      expect(safeReturnPath(referrer)).toBeNull();
    }
  });
});
