import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountActivity,
  accountPasskeys,
  accountRecoveryCodes,
  accountTotp,
} from '../../../db/schema/index.js';
import { account, advance, auditRows, signedInAgent, userRow } from '../../../testing/auth-agent.js';
import type { TestContext } from '../../../testing/test-app.js';
import { type AuthAgent, createSecurityTestApp, passwordStep } from './test-helpers.js';

/*
 * Recovery by the office (docs/security/account-security.md, "Recovery by the office"): staff with the Account
 * Recovery menu find an account, sign it out everywhere, or reset its second factors — each change after their own
 * recent check, with how the person was verified and why, seen by the person as a security event.
 */

let t: TestContext;
let office: AuthAgent;
beforeAll(async () => {
  ({ t } = await createSecurityTestApp());
  office = await signedInAgent(t, 'staff', 'staff.localhost');
});
afterAll(() => t.close());

const why = { identityCheck: 'callBack', note: 'Called back on the number on file; phone lost.' };
const lookUp = (login: string, site = 'afs') =>
  office.get(`/internal/accounts?site=${site}&login=${encodeURIComponent(login)}`);
const rowsOf = async <T>(
  table: typeof accountTotp | typeof accountPasskeys | typeof accountRecoveryCodes,
  id: number,
) => (await t.database.db.select().from(table).where(eq(table.userId, id))) as T[];

describe('finding an account', () => {
  it('shows who it is and what secures it, by sign-in name in any case, and nothing secret', async () => {
    const found = await lookUp(account('partnerWithAuthenticator').login.toUpperCase());
    expect(found.statusCode, found.body).toBe(200);
    const user = await userRow(t, 'afs', account('partnerWithAuthenticator').login);
    expect(found.json()).toMatchObject({
      id: user.id,
      site: 'afs',
      login: account('partnerWithAuthenticator').login,
      kind: 'producer',
      totpEnabled: true,
    });
    const codes = await rowsOf<{ usedAt: Date | null }>(accountRecoveryCodes, user.id);
    expect(found.json().recoveryCodesLeft).toBe(codes.filter((code) => code.usedAt === null).length);
    expect(found.body).not.toMatch(/secret|sealed|hash/i);
  });

  it('answers 404 for no such account, 400 for a bad site, 403 without the menu', async () => {
    expect((await lookUp('nobody-here')).statusCode).toBe(404);
    expect((await lookUp(account('client').login, 'nowhere')).statusCode).toBe(400);
    const other = await signedInAgent(t, 'staff2', 'staff.localhost');
    const refused = await other.get(`/internal/accounts?site=afs&login=${account('client').login}`);
    expect(refused.statusCode).toBe(403);
  });
});

describe('resetting second factors', () => {
  it('refuses a reason missing or too short, and an unknown way of checking, changing nothing', async () => {
    const { id } = await userRow(t, 'afs', account('partnerWithAuthenticator').login);
    for (const body of [
      { identityCheck: 'callBack' },
      { identityCheck: 'callBack', note: 'ok' },
      { identityCheck: 'asked nicely', note: 'A long enough reason.' },
    ]) {
      const refused = await office.post(`/internal/accounts/${id}/reset_factors`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().errors).length).toBeGreaterThan(0);
    }
    expect(await rowsOf(accountTotp, id)).toHaveLength(1);
  });

  it('removes every factor, signs the person out, sends them to enrolment, and tells them', async () => {
    const producer = await signedInAgent(t, 'partnerWithAuthenticator');
    const { id } = await userRow(t, 'afs', account('partnerWithAuthenticator').login);
    const reset = await office.post(`/internal/accounts/${id}/reset_factors`, why);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({
      totpEnabled: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
      sessions: 0,
    });
    for (const table of [accountTotp, accountPasskeys, accountRecoveryCodes])
      expect(await rowsOf(table, id)).toHaveLength(0);
    expect((await producer.get('/account/security')).statusCode).toBe(401);

    const [event] = await t.database.db
      .select()
      .from(accountActivity)
      .where(and(eq(accountActivity.userId, id), eq(accountActivity.type, 'factors_reset_by_office')));
    // The staff member's browser and address are not the person's: the event names neither.
    expect(event).toMatchObject({ device: null, ip: null });
    const staffUser = await userRow(t, 'afs', account('staff').login);
    const [audit] = await auditRows(t, 'office.reset_factors');
    expect(audit).toMatchObject({ userId: staffUser.id, outcome: 'success' });
    expect(audit?.details).toMatchObject({ accountId: id, identityCheck: 'callBack', note: why.note });

    // A producer must have a strong factor: the next sign-in is held to enrolment, without a new grace period.
    const again = new (producer.constructor as new (t: TestContext) => AuthAgent)(t);
    const signedIn = await passwordStep(again, account('partnerWithAuthenticator'));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().mfa).toBeUndefined();
    expect((await again.get('/account/security')).json()).toMatchObject({ enrolmentRequired: true });
  });

  it('needs the staff member’s own recent check, and never their own account', async () => {
    const { id } = await userRow(t, 'afs', account('consultant').login);
    advance(t, 11 * 60_000);
    await office.get('/me');
    const stale = await office.post(`/internal/accounts/${id}/reset_factors`, why);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ stepUp: true });
    const stepped = await office.post('/account/step_up', {
      method: 'password',
      code: account('staff').password,
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await office.post(`/internal/accounts/${id}/reset_factors`, why)).statusCode).toBe(200);
    const own = await userRow(t, 'afs', account('staff').login);
    expect((await office.post(`/internal/accounts/${own.id}/reset_factors`, why)).statusCode).toBe(409);
  });
});

describe('signing an account out everywhere', () => {
  it('ends every session of the account at its next request, and tells the person', async () => {
    const client = await signedInAgent(t, 'client2');
    const { id } = await userRow(t, 'afs', account('client2').login);
    const before = (await lookUp(account('client2').login)).json();
    expect(before.sessions).toBeGreaterThan(0);
    const ended = await office.post(`/internal/accounts/${id}/end_sessions`, {
      identityCheck: 'inPerson',
      note: 'Asked at the counter after a lost phone.',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().sessions).toBe(0);
    expect((await client.get('/b2c/plans')).statusCode).toBe(401);
    const types = (
      await t.database.db.select().from(accountActivity).where(eq(accountActivity.userId, id))
    ).map((row) => row.type);
    expect(types).toContain('sessions_ended_by_office');
    expect((await auditRows(t, 'office.end_sessions'))[0]?.details).toMatchObject({ accountId: id });
  });
});
