import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createMailer, linkIn, otpCodeIn, readLatestMail, renderMail, waitForMail } from './index.js';
import { outboxFileName } from './outbox.js';

const config = (outboxDir: string) => ({
  smtpUrl: undefined,
  mailFrom: 'Portal <no-reply@portal.localhost>',
  outboxDir,
});

describe('outbox mailer', () => {
  it('writes each message as an .eml file, creating the folder, and reads the newest one back', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'nested', 'outbox');
    const mailer = createMailer(config(outboxDir));
    expect(mailer.mode).toBe('outbox');
    await mailer.send(
      renderMail('otpCode', 'zh', 'someone@example.com', { siteName: 'AFS', code: '012345', minutes: 10 }),
    );
    await mailer.send(
      renderMail('otpCode', 'en', 'someone@example.com', { siteName: 'AFS', code: '987654', minutes: 10 }),
    );
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{6}\.eml$/);
    expect(readFileSync(join(outboxDir, files[0] ?? ''), 'utf8')).toMatch(
      /^From: Portal <no-reply@portal\.localhost>/m,
    );
    const latest = await readLatestMail(outboxDir, 'SOMEONE@example.com');
    expect(latest?.subject).toBe('AFS: your sign-in code');
    expect(latest && otpCodeIn(latest)).toBe('987654');
    expect(await readLatestMail(outboxDir, 'other@example.com')).toBeUndefined();
    await expect(waitForMail(outboxDir, 'other@example.com', { timeoutMs: 100 })).rejects.toThrow(
      /no new e-mail/,
    );
  });

  it('decodes non-ASCII subjects and bodies exactly', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = createMailer(config(outboxDir));
    const link = 'http://afs.localhost/angel/face/kr/activation?login=AG10000003&activation_code=abc_DEF-123';
    const message = renderMail('activation', 'kr', 'a@example.com', {
      siteName: '엔젤',
      login: 'AG10000003',
      link,
      days: 7,
    });
    await mailer.send(message);
    const read = await readLatestMail(outboxDir, 'a@example.com');
    expect(read?.subject).toBe(message.subject);
    expect(read?.text).toBe(message.text);
    expect(read?.html).toBe(message.html);
    expect(read && linkIn(read).toString()).toBe(link);
  });

  it('names files so that a name sort is a time sort', () => {
    const a = outboxFileName(new Date('2025-01-02T03:04:05.006Z'));
    const b = outboxFileName(new Date('2025-01-02T03:04:05.006Z'));
    const c = outboxFileName(new Date('2025-01-02T03:04:05.007Z'));
    expect([c, b, a].sort()).toEqual([a, b, c]);
  });
});

describe('templates', () => {
  it.each(LANGUAGES)('renders every e-mail in %s with the site name, escaping HTML', (language) => {
    const siteName = 'A&B <Site>';
    const all = [
      renderMail('otpCode', language, 'x@example.com', { siteName, code: '123456', minutes: 10 }),
      renderMail('activation', language, 'x@example.com', {
        siteName,
        login: 'AG1',
        link: 'http://h/a?x=1&y=2',
        days: 7,
      }),
      renderMail('reset', language, 'x@example.com', {
        siteName,
        login: 'AG1',
        link: 'http://h/r?x=1&y=2',
        minutes: 60,
      }),
      renderMail('passwordChanged', language, 'x@example.com', {
        siteName,
        login: 'AG1',
        at: '2025-01-01 10:00',
      }),
    ];
    for (const mail of all) {
      expect(mail.subject).toContain(siteName);
      expect(mail.text).toContain(siteName);
      expect(mail.html).toContain('A&#38;B &#60;Site&#62;');
      expect(mail.html).not.toContain('<Site>');
    }
    expect(all[1]?.html).toContain('href="http://h/a?x=1&#38;y=2"');
    for (const mail of [all[1], all[2]]) expect(mail?.text).toContain('30');
  });
});
