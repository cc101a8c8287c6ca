import fc from 'fast-check';

/**
 * Values a hostile or broken client sends instead of what a field expects. Each is a JSON value (a body field) or,
 * turned into text by `asQueryValues`, one or more query-string or path values. Lone surrogates are kept: JSON
 * escapes them (`\ud800`), and path/query text sends them as the invalid UTF-8 they would be on the wire.
 */

/** Integers written in ways a strict parser must refuse: each looks like 1, 10 or a valid id to a lax one. */
export const NON_CANONICAL_INTEGERS = [
  '01',
  '+1',
  '1e1',
  '1 ',
  ' 1',
  '1.0',
  '0x1',
  '1_0',
  '１',
  '0',
  '-1',
] as const;

/** A list whose every element but one is valid: a lax parser drops the bad one instead of refusing the list. */
export const LIST_WITH_A_BAD_ELEMENT = ['2,0', '1,01', '1,+1', '1,,2', '1,', ',1', '1, 2', '1,1e1'] as const;

const HUGE = 'x'.repeat(100_000);

const fixedStrings = [
  '',
  ' ',
  HUGE,
  `${'１'.repeat(50_000)}`,
  '\u0000',
  'a\u0000b',
  '1\u0000',
  '\ud800',
  'a\udc00b',
  '\u202eevil\u202c',
  'مرحبا בעולם',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  'Z̴̡̢͎͓̈́͌a̸̛̪͙ͅl̷̢͇̈́g̵̘̈́o̶͎̔',
  '\ufeff1',
  '\u200b',
  "' OR 1=1--",
  '1; DROP TABLE users;--',
  '" OR ""="',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '%zz',
  `\${7*7}{{7*7}}`,
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '1e308',
  '1e-7',
  '0.5',
  '-0',
  '1'.repeat(400),
  '2026-13-45',
  '0000/00/00',
  '9999-99',
  'A'.repeat(257),
  '\r\nSet-Cookie: x=1',
  '\t',
  ...NON_CANONICAL_INTEGERS,
  ...LIST_WITH_A_BAD_ELEMENT,
];

const fixedJsonValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  [1, 2],
  ['1', '0'],
  [[1]],
  {},
  { $ne: null },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'),
  { length: 1e9 },
  Array.from({ length: 2000 }, (_, i) => i),
];

/** A hostile string: one of the fixed ones, or a generated one mixing unicode, control characters and injection. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...fixedStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...fixedStrings.slice(0, 30)), fc.constantFrom(...fixedStrings.slice(14, 40)))
      .map(([a, b]) => a + b),
  },
);

/** A hostile JSON value for a body field: a hostile string, a wrong-typed value, or an array/object for a scalar. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...fixedJsonValues) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
);

/**
 * The query-string values a hostile JSON value becomes: a scalar is one value, an array is the key repeated
 * (`a=1&a=2`), an object is its JSON text.
 */
export function asQueryValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (typeof value === 'string') return [value];
  return [JSON.stringify(value) ?? 'undefined'];
}

/**
 * Percent-encodes text for a URL. Unlike encodeURIComponent it never throws: a lone surrogate goes out as the
 * invalid UTF-8 bytes (`%ED%A0%80`) a careless client would send.
 */
export function encodeUrlText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
