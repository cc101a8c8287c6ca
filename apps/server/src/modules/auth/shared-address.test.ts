import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthAgent, account, advance, createAuthTestApp } from '../../testing/auth-agent.js';
import type { TestContext } from '../../testing/test-app.js';
import { LIMITS } from './abuse-limits.js';
import { DEVICE_POLICY } from './device-cookie.js';
import { LOCK_POLICY } from './lockout.js';

/**
 * Many people behind one address (an office NAT, a proxy without TRUST_PROXY): the failures of some must not keep
 * the others out, while guessing stays as limited as before (decision 018).
 */
let t: TestContext;
beforeAll(async () => {
  ({ t } = await createAuthTestApp());
});
afterAll(() => t.close());
// Every test starts after the windows and locks of the one before.
beforeEach(() => advance(t, 60 * 60_000));

let nextOffice = 1;
const newOffice = () => `198.51.100.${nextOffice++}`;
const browserAt = (address: string) => new AuthAgent(t, 'afs.localhost', 'en', address);
const attempt = (agent: AuthAgent, login: string, password: string) =>
  agent.post('/login', { login, password, area: 'b2b' });

/** Others at the address fail as often as the per-address limit allows, and then some more. */
async function othersFailAt(address: string) {
  const others = browserAt(address);
  for (let i = 0; i <= LIMITS.loginFailuresPerIp.limit; i++) {
    await attempt(others, `someone-else-${address}-${i}`, 'Wrong1234');
  }
  expect((await attempt(others, `someone-else-${address}-last`, 'Wrong1234')).statusCode).toBe(429);
}

describe('a shared address', () => {
  it('lets a browser that signed in before in with the correct password past 30+ failures of others there', async () => {
    const office = newOffice();
    const who = account('partner');
    const mine = browserAt(office);
    expect((await attempt(mine, who.login, who.password)).statusCode).toBe(200);
    expect(mine.jar.get('portal_device')).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect((await mine.send('DELETE', '/logout')).statusCode).toBe(200);

    await othersFailAt(office);

    const again = await attempt(mine, who.login, who.password);
    expect(again.statusCode).toBe(200);
    expect(again.json().currentProducer).not.toBeNull();
  });

  it('still holds a browser new to the account back while the address is over its limit', async () => {
    // The cost of keeping password spraying from one address limited: told when to come back, in its language.
    const office = newOffice();
    const who = account('consultant');
    const known = browserAt(office);
    expect((await attempt(known, account('partner').login, account('partner').password)).statusCode).toBe(
      200,
    );
    await othersFailAt(office);
    const refused = await attempt(browserAt(office), who.login, who.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nor does the cookie of one account open the way for another.
    expect((await attempt(known, who.login, who.password)).statusCode).toBe(429);
    // Elsewhere the account is not affected.
    expect((await attempt(browserAt(newOffice()), who.login, who.password)).statusCode).toBe(200);
  });

  it('ignores a made-up device cookie and one older than its lifetime', async () => {
    const office = newOffice();
    const who = account('subpartner');
    const forged = browserAt(office);
    const stamp = Math.floor(t.clock.now.getTime() / 1000);
    forged.jar.set('portal_device', `${stamp}.${'A'.repeat(43)}`);

    const old = browserAt(office);
    expect((await attempt(old, who.login, who.password)).statusCode).toBe(200);
    expect((await old.send('DELETE', '/logout')).statusCode).toBe(200);
    advance(t, DEVICE_POLICY.ttlMs + 60_000);

    await othersFailAt(office);
    expect((await attempt(forged, who.login, who.password)).statusCode).toBe(429);
    expect((await attempt(old, who.login, who.password)).statusCode).toBe(429);
  });

  it('gives a known browser no extra guesses: the account lock and the per-name limit still stop it', async () => {
    const office = newOffice();
    const who = account('otherPartner');
    const mine = browserAt(office);
    expect((await attempt(mine, who.login, who.password)).statusCode).toBe(200);
    expect((await mine.send('DELETE', '/logout')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < LOCK_POLICY.threshold; i++) {
      statuses.push((await attempt(mine, who.login, `Wrong${i}x`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Locked: even the correct password waits for the lock, device cookie or not.
    expect((await attempt(mine, who.login, who.password)).statusCode).toBe(429);

    // And guessing one name from many addresses still meets the per-name limit.
    const named = `guessed-name-${office}`;
    const guesses: number[] = [];
    for (let i = 0; i < LIMITS.loginFailuresPerName.limit + 1; i++) {
      guesses.push((await attempt(browserAt(newOffice()), named, 'Wrong1234')).statusCode);
    }
    expect(guesses.at(-1)).toBe(429);
  });
});
