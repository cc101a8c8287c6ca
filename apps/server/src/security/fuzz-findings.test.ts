import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ja } from '../i18n/ja.js';
import { zh } from '../i18n/zh.js';
import { ApiAgent, api } from '../testing/http.js';
import { signInAs } from '../testing/sessions.js';
import { createTestApp, type TestContext } from '../testing/test-app.js';

/*
 * One focused test per bug the endpoint fuzz tests found (docs/security/fuzzing.md, "Found and fixed"), on the real
 * app: each failed before its fix.
 */

let t: TestContext;
let client: ApiAgent;

beforeAll(async () => {
  t = await createTestApp();
  client = new ApiAgent(t.app, 'afs.localhost', 'ja');
  await signInAs(t, client, 'AG10000001');
});
afterAll(() => t?.close());

const fieldErrors = (body: string) => Object.keys((JSON.parse(body) as { errors?: object }).errors ?? {});

describe('path ids are refused unless canonical (z.coerce.number() read "1e1" as plan 10)', () => {
  test('plan detail, message read, plan files: 01, +1, 1e1, "1 ", 0x1 are 400 on id, never another plan', async () => {
    expect((await client.get('/b2c/plans/1')).statusCode).toBe(200);
    for (const id of ['01', '%2B1', '1e1', '1%20', '0x1', '1.0']) {
      for (const path of [
        `/b2c/plans/${id}`,
        `/b2c/files/provider_statement/${id}`,
        `/b2c/plans/${id}/forms`,
      ]) {
        const response = await client.get(path);
        expect(response.statusCode, `${path}: ${response.body.slice(0, 80)}`).toBe(400);
        expect(fieldErrors(response.body)).toEqual(['id']);
      }
      const read = await client.send('POST', `/b2c/messages/${id}/read`);
      expect(read.statusCode, id).toBe(400);
    }
  });

  test('statement party ids: 01 and 1e1 are 400, not some account read as 1 or 10', async () => {
    for (const id of ['01', '1e1']) {
      const response = await client.get(`/statement/policy_list/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(fieldErrors(response.body)).toEqual(['partyId']);
    }
  });

  test('the public form document: formId 01 is 400', async () => {
    const response = await t.app.inject({
      url: `${t.config.basePath}/api/public/front/operation-procedure/b2c/document/01`,
      headers: { host: 'afs.localhost' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response.body)).toEqual(['formId']);
  });
});

test('party_ids=2,0 is refused, not trimmed to 2 (the 0 was dropped after the schema let it through)', async () => {
  for (const ids of ['2,0', '1,01', '01']) {
    const response = await client.get(`/statement/download_pdf?party_ids=${ids}`);
    expect(response.statusCode, ids).toBe(400);
    expect(fieldErrors(response.body)).toEqual(['party_ids']);
  }
});

describe('URLs Fastify refuses before routing answer like every other refusal', () => {
  test('a path segment that is not UTF-8 (a lone surrogate) is 400 in the URL language, no echo, with headers', async () => {
    const response = await t.app.inject({
      url: api('/b2c/files/factsheet/%ED%A0%80', 'zh'),
      headers: { host: 'afs.localhost', cookie: client.cookie ?? '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: zh.errors.badRequest });
    expect(response.body).not.toContain('%ED');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  test('a path parameter over the length limit is 414 in the URL language', async () => {
    const response = await t.app.inject({
      url: api(`/b2c/plans/${'1'.repeat(200)}`, 'ja'),
      headers: { host: 'afs.localhost', cookie: client.cookie ?? '' },
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: ja.errors.badRequest });
    expect(response.body).not.toContain('1111');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
