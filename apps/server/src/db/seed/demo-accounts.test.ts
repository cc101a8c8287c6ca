import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_REGISTRATION_CLIENTS } from './demo-accounts.js';

const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
const table = readme.slice(
  readme.indexOf('<!-- demo-accounts:start'),
  readme.indexOf('<!-- demo-accounts:end'),
);
const rows = table
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| role') && !line.startsWith('|---'))
  // Cells between the outer pipes; an empty cell (no authenticator) stays an empty string.
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

/** The README's table is what people sign in with: it must match the seeded accounts exactly. */
describe('README demo accounts', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.key, a] as const))('lists %s as seeded', (_key, account) => {
    const login =
      'advisorCode' in account ? `${account.login} (advisor code ${account.advisorCode})` : account.login;
    const row = rows.find((r) => r[2] === login);
    expect(row, `README row for ${login}`).toBeDefined();
    expect(row?.slice(0, 4)).toEqual([account.role, account.site, login, account.password]);
    if ('clientIdNumber' in account)
      expect(row?.slice(4, 6)).toEqual([account.clientIdNumber, account.birthDate]);
    expect(row?.[6]).toBe('totpSecret' in account ? account.totpSecret : '');
  });

  it.each(DEMO_REGISTRATION_CLIENTS.map((c) => [c.key, c] as const))(
    'lists registration client %s',
    (_k, client) => {
      const row = rows.find((r) => r[2] === client.clientNo);
      expect(row?.slice(4)).toEqual([client.idNumber, client.birthDate, '']);
    },
  );

  it('has no row that is not seeded', () => {
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length + DEMO_REGISTRATION_CLIENTS.length);
  });
});
