import { meResponseSchema, sessionTimingSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../db/seed/demo-accounts.js';
import { ApiAgent } from '../../testing/http.js';
import { signInAs } from '../../testing/sessions.js';
import { createTestApp, type TestContext } from '../../testing/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '10' });
});
afterAll(() => t.close());

const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

async function signedInProducer(): Promise<ApiAgent> {
  const agent = new ApiAgent(t.app);
  await signInAs(t, agent, demoAccount('partner').login);
  await agent.me();
  return agent;
}

describe('session timing for the idle warning', () => {
  it('/me tells a signed-in page the configured idle timeout and what is left; anonymous pages get null', async () => {
    const anonymous = new ApiAgent(t.app);
    expect(meResponseSchema.parse((await anonymous.me()).json()).session).toBeNull();
    const agent = await signedInProducer();
    const me = meResponseSchema.parse((await agent.get('/me')).json());
    expect(me.session).toMatchObject({ idleTimeoutSeconds: 600, idleRemainingSeconds: 600 });
    expect(me.session?.absoluteRemainingSeconds).toBeGreaterThan(600);
  });

  it('GET /session reports the time left without counting as activity', async () => {
    const agent = await signedInProducer();
    later(5 * 60_000);
    const first = sessionTimingSchema.parse((await agent.get('/session')).json());
    expect(first.idleRemainingSeconds).toBe(300);
    later(4 * 60_000);
    // Had the first call been activity, 9 of the 10 minutes would not have passed since it.
    const second = sessionTimingSchema.parse((await agent.get('/session')).json());
    expect(second.idleRemainingSeconds).toBe(60);
  });

  it('"stay signed in" restarts the idle time on the server, even within the touch interval', async () => {
    const agent = await signedInProducer();
    later(9 * 60_000 + 30_000);
    const kept = await agent.send('POST', '/session/keep_alive');
    expect(kept.statusCode).toBe(200);
    expect(sessionTimingSchema.parse(kept.json()).idleRemainingSeconds).toBe(600);
    later(9 * 60_000);
    expect((await agent.get('/me')).json().currentProducer).not.toBeNull();
  });

  it('answers 401 once the session has ended (idle too long), and to anonymous callers', async () => {
    const agent = await signedInProducer();
    later(10 * 60_000 + 1000);
    expect((await agent.get('/session')).statusCode).toBe(401);
    // The ended session took its CSRF token along (422); with the fresh anonymous token the answer is 401.
    expect((await agent.send('POST', '/session/keep_alive')).statusCode).toBe(422);
    await agent.me();
    expect((await agent.send('POST', '/session/keep_alive')).statusCode).toBe(401);
    const anonymous = new ApiAgent(t.app);
    await anonymous.me();
    expect((await anonymous.get('/session')).statusCode).toBe(401);
  });
});
