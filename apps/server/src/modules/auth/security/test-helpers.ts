import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { AuthAgent, advance, createAuthTestApp } from '../../../testing/auth-agent.js';
import type { TestContext } from '../../../testing/test-app.js';

/** An app whose mail and SMS outboxes are fresh temporary folders. */
export async function createSecurityTestApp(env: Record<string, string> = {}) {
  const smsDir = mkdtempSync(join(tmpdir(), 'portal-sms-'));
  const { t, outboxDir } = await createAuthTestApp({ SMS_OUTBOX_DIR: smsDir, ...env });
  return { t, outboxDir, smsDir };
}

/** The code an authenticator app shows for `secret` at the app's clock, `steps` 30-second steps away. */
export function totpCode(t: TestContext, secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: t.clock.now.getTime() + steps * 30_000 });
}

/** Moves the clock to the next 30-second step, so a new code is not a replay of the last one. */
export function nextStep(t: TestContext) {
  advance(t, 30_000);
}

/** The SMS messages written so far, oldest first. */
export function smsMessages(smsDir: string): { to: string; text: string }[] {
  return readdirSync(smsDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(smsDir, name), 'utf8')));
}

/** The password step of a sign-in; answers the response (the `/me` shape, with `mfa` when a factor is due). */
export function passwordStep(
  agent: AuthAgent,
  who: { login: string; password: string },
  area: 'b2b' | 'b2c' = 'b2b',
) {
  return agent.post('/login', { login: who.login, password: who.password, area });
}

export { AuthAgent };
