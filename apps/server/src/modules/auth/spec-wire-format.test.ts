import { meResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthAgent,
  account,
  advance,
  codeOf,
  createAuthTestApp,
  mailAfter,
} from '../../testing/auth-agent.js';
import { jobsSettled } from '../../testing/jobs.js';
import type { TestContext } from '../../testing/test-app.js';

/**
 * The original front end (docs/product.md, "The original front end") sends the whole login form on every step and sends
 * JSON headers on calls without a body. These tests send exactly that, so the original front end works against this
 * server unchanged.
 */
let t: TestContext;
let outbox: string;
beforeAll(async () => {
  ({ t, outboxDir: outbox } = await createAuthTestApp());
});
afterAll(() => t.close());
// A test starts once the e-mails and jobs of the one before are done, so it never reads their mail as its own.
beforeEach(async () => {
  await jobsSettled(t);
  advance(t, 16 * 60_000);
});

/** The original front end's login form: login, password, otpCode, redirect flag, referrer, area — and its `loading`
 * flag.
 */
const specBody = (who: { login: string; password: string }, area: 'b2b' | 'b2c', otpCode: unknown) => ({
  login: who.login,
  password: who.password,
  otpCode,
  redirect: false,
  referrer: '',
  area,
  loading: true,
});

describe('POST /login with the body of the original front end', () => {
  it.each([
    ['an empty string', ''],
    ['null', null],
    ['blanks', '   '],
  ])('signs a producer in when otpCode is %s', async (_name, otpCode) => {
    const agent = new AuthAgent(t);
    const response = await agent.post('/login', specBody(account('partner'), 'b2b', otpCode));
    expect(response.statusCode, response.body).toBe(200);
    expect(meResponseSchema.parse(response.json()).currentProducer?.name).toBe(account('partner').name);
  });

  it('takes a client through the code step with the same body, then resends with it', async () => {
    const client = account('client');
    const agent = new AuthAgent(t);
    const first = await mailAfter(outbox, client.email, async () => {
      const step = await agent.post('/login', specBody(client, 'b2c', ''));
      expect(step.statusCode, step.body).toBe(200);
      expect(step.json().otpUserId).not.toBeNull();
    });
    expect(codeOf(first)).toMatch(/^\d{6}$/);
    // Past the minimum interval between two codes.
    advance(t, 61_000);
    const resent = await mailAfter(outbox, client.email, async () => {
      const again = await agent.post('/resend_otp', specBody(client, 'b2c', ''));
      expect(again.statusCode, again.body).toBe(200);
    });
    const done = await agent.post('/login', specBody(client, 'b2c', codeOf(resent)));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().currentClient?.name).toBe(client.name);
  });

  it('still refuses a code that is not six digits, as a field error', async () => {
    const response = await new AuthAgent(t).post('/login', specBody(account('partner'), 'b2b', '12ab'));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['otpCode']);
  });
});

describe('calls without a body, sent with a JSON content type', () => {
  const jsonNoBody = (agent: AuthAgent, method: 'POST' | 'DELETE', path: string) =>
    agent.request({
      method,
      url: `/angel/face/en/api${path}`,
      headers: { 'content-type': 'application/json' },
    });

  it('DELETE /logout ends the session', async () => {
    const agent = new AuthAgent(t);
    await agent.post('/login', specBody(account('partner'), 'b2b', ''));
    const response = await jsonNoBody(agent, 'DELETE', '/logout');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().currentProducer).toBeNull();
  });

  it('POST /cancel_otp cancels the pending login', async () => {
    const client = account('client');
    const agent = new AuthAgent(t);
    await mailAfter(outbox, client.email, () => agent.post('/login', specBody(client, 'b2c', '')));
    const response = await jsonNoBody(agent, 'POST', '/cancel_otp');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().otpUserId).toBeNull();
  });
});
