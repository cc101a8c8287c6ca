import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthAgent, account, createAuthTestApp } from '../../testing/auth-agent.js';
import { signInAs } from '../../testing/sessions.js';
import type { TestContext } from '../../testing/test-app.js';

let t: TestContext;
beforeAll(async () => {
  ({ t } = await createAuthTestApp());
});
afterAll(() => t.close());

/** NUL is refused by PostgreSQL in text and jsonb; a lone surrogate in jsonb. Neither may reach the database. */
const UNSAFE = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00'];
const birth = { birthDay: 1, birthMonth: 2, birthYear: 1990 };

const CASES: [string, Record<string, unknown>, string[], boolean][] = [
  ['/login', { login: 'AG10000001', password: 'Client123', area: 'b2c' }, ['login', 'password'], false],
  [
    '/registration',
    { idNo: 'A1234567', surName: 'Chan', givenName: 'Tai Man', ...birth },
    ['idNo', 'surName', 'givenName'],
    false,
  ],
  [
    '/activate',
    { login: 'AG10000001', activationCode: 'abc', password: 'Abc12345', passwordConfirmation: 'Abc12345' },
    ['login', 'activationCode', 'password', 'passwordConfirmation'],
    false,
  ],
  ['/forget_password', { idNo: 'A1234567', ...birth }, ['idNo'], false],
  ['/forget_password_b2b', { loginId: 'partner1' }, ['loginId'], false],
  [
    '/change_password',
    { currentPassword: 'Prod1234', newPassword: 'Prod5678', confirmNewPassword: 'Prod5678' },
    ['currentPassword', 'newPassword', 'confirmNewPassword'],
    true,
  ],
];

describe('text fields refuse NUL and lone surrogates with a field error, never a 500', () => {
  for (const [path, body, fields, signedIn] of CASES) {
    for (const field of fields) {
      it.each(UNSAFE.map((v) => [JSON.stringify(v), v]))(`${path} ${field}=%s`, async (_label, value) => {
        const agent = new AuthAgent(t);
        if (signedIn) await signInAs(t, agent, account('partner').login);
        const response = await agent.post(path, { ...body, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors?.[field]).toEqual(['Contains characters that are not allowed']);
      });
    }
  }
});
