import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.js';

describe('parseQueryString', () => {
  it('reads repeated and bracketed keys as one list, single keys as strings', () => {
    expect({ ...parseQueryString('a=1&a=2&b[]=x&b[]=y&c[]=z&d=%E7%B7%A8+1') }).toEqual({
      a: ['1', '2'],
      b: ['x', 'y'],
      c: 'z',
      d: '編 1',
    });
    expect({ ...parseQueryString('a=1&a[]=2') }).toEqual({ a: ['1', '2'] });
  });

  it('keeps other bracket forms and prototype names as plain data', () => {
    const query = parseQueryString('a[b]=1&__proto__=x&constructor=y');
    expect(query['a[b]']).toBe('1');
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
