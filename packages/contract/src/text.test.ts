import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.js';
import { hasUnsafeCharacters, safeText } from './text.js';

describe('safeText', () => {
  it('refuses NUL and lone surrogates, keeps every other character', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800'])
      expect(hasUnsafeCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'abc', '陳大文', '𝕏 pair', 'tab\tand\nnewline', '١٢٣'])
      expect(hasUnsafeCharacters(good), good).toBe(false);
    expect(safeText().safeParse('a\u0000').error?.issues[0]?.message).toBe('invalidCharacters');
  });

  it('is part of the auth text fields, after trimming and the blank check', () => {
    const base = { login: 'a', password: 'x', area: 'b2b' };
    expect(loginRequestSchema.safeParse({ ...base, login: ' \u0000 ' }).error?.issues[0]?.message).toBe(
      'invalidCharacters',
    );
    expect(
      loginRequestSchema.safeParse({ ...base, login: '   ' }).error?.issues.map((i) => i.message),
    ).toEqual(['required']);
    expect(loginRequestSchema.parse({ ...base, login: '  Abc  ' }).login).toBe('Abc');
  });
});
