import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './send-file.js';

/** The name a browser takes from the header: filename* when present (RFC 6266), decoded. */
function nameOf(header: string): { plain: string; encoded: string } {
  const plain = /filename="([^"]*)"/.exec(header)?.[1] ?? '';
  const encoded = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)?.[1] ?? '');
  return { plain, encoded };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/;

describe('download names', () => {
  it.each([
    ['a right-to-left override hiding an .exe', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    [
      'every bidirectional control',
      'a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl',
      'abcdefghijkl',
    ],
    ['CR/LF (a header injection attempt)', 'report.pdf\r\nSet-Cookie: x=1', 'report.pdf Set-Cookie: x=1'],
    ['other control characters', 'a\u0000b\tc\u007fd\u0085e\u2028f', 'a b c d e f'],
    ['path separators', '../../etc/passwd', 'etc-passwd'],
    ['a Windows path', 'C:\\Users\\x\\statement.pdf', 'C:-Users-x-statement.pdf'],
    ['a hidden-file name', '..htaccess', 'htaccess'],
    ['nothing left', '\u202E/\r\n', 'download'],
  ])('removes %s, from both forms of the name', (_what, given, expected) => {
    expect(safeFileName(given)).toBe(expected);
    const header = contentDisposition('attachment', given);
    expect(header).not.toMatch(UNSAFE);
    expect(header).not.toMatch(/[\r\n]/);
    const { plain, encoded } = nameOf(header);
    expect(encoded).toBe(expected);
    expect(plain).not.toMatch(UNSAFE);
    expect(encoded).not.toMatch(UNSAFE);
  });

  it('keeps a good name as it is, non-ASCII in filename* only', () => {
    const header = contentDisposition('inline', '陳大文 statement-2026-10.pdf');
    expect(nameOf(header)).toEqual({
      plain: '___ statement-2026-10.pdf',
      encoded: '陳大文 statement-2026-10.pdf',
    });
    expect(header.startsWith('inline; ')).toBe(true);
  });
});
