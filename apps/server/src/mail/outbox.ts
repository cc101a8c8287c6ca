import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

let sequence = 0;

/**
 * `20250102T030405123Z-000042-a1b2c3.eml`: UTC time to the millisecond first, so a plain name sort is a time sort;
 * then a per-process counter (several messages in one millisecond keep their order) and random hex (several
 * processes never collide). Only these characters, so the name is safe on every file system.
 */
export function outboxFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Headers up to the first blank line, with folded lines joined, keyed by lower-case name. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = encoding?.toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as nodemailer writes non-ASCII subjects. */
function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Reads one `.eml` the mailer wrote: recipients, subject and the text and HTML parts, decoded. */
export function parseEml(raw: string, file = ''): OutboxMessage {
  const source = raw.replace(/\r\n/g, '\n');
  const split = source.indexOf('\n\n');
  const headers = parseHeaders(source.slice(0, split));
  const body = source.slice(split + 2);
  const message: OutboxMessage = {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeaderWords(headers.get('subject') ?? ''),
    text: '',
    html: '',
  };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).filter((p) => p.trim() && !p.startsWith('--'))
    : [`${source.slice(0, split)}\n\n${body}`];
  for (const part of parts) {
    const trimmed = part.replace(/^\n/, '');
    const end = trimmed.indexOf('\n\n');
    const partHeaders = parseHeaders(trimmed.slice(0, end));
    const content = decodeBody(
      trimmed.slice(end + 2).replace(/\n$/, ''),
      partHeaders.get('content-transfer-encoding'),
    );
    const type = partHeaders.get('content-type') ?? 'text/plain';
    if (type.startsWith('text/html')) message.html = content;
    else if (type.startsWith('text/plain')) message.text = content;
  }
  return message;
}

/**
 * The newest message to `to` in the outbox, or undefined. For tests and browser tests that read codes and links out
 * of the e-mails actually sent; also handy from a script while developing.
 */
export async function readLatestMail(outboxDir: string, to: string): Promise<OutboxMessage | undefined> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return undefined;
  }
  const wanted = to.trim().toLowerCase();
  for (const name of names.reverse()) {
    const message = parseEml(await readFile(join(outboxDir, name), 'utf8'), name);
    const recipients = message.to
      .toLowerCase()
      .split(',')
      .map((r) => r.replace(/^.*</, '').replace(/>.*$/, '').trim());
    if (recipients.includes(wanted)) return message;
  }
  return undefined;
}

/**
 * Waits (polling) for a message to `to` newer than `after` (a file name from an earlier read, or undefined for any).
 * The server may answer before its mail is written: anonymous flows send after the answer so timing does not tell
 * whether an account matched.
 */
export async function waitForMail(
  outboxDir: string,
  to: string,
  { after, timeoutMs = 5000 }: { after?: string; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const latest = await readLatestMail(outboxDir, to);
    if (latest && (!after || latest.file > after)) return latest;
    if (Date.now() > deadline)
      throw new Error(`no new e-mail to ${to} in ${outboxDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The 6-digit one-time code in a sign-in code e-mail. */
export function otpCodeIn(message: OutboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in e-mail "${message.subject}"`);
  return code;
}

/** The first link of an activation or reset e-mail, with its query parameters. */
export function linkIn(message: OutboxMessage): URL {
  const href = /https?:\/\/\S+/.exec(message.text)?.[0];
  if (!href) throw new Error(`no link in e-mail "${message.subject}"`);
  return new URL(href);
}
