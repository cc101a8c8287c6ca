import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { passwordProblems } from './password-policy.js';
import { DEFAULT_PASSWORD_POLICY, siteAuthSettings } from './site-settings.js';

const keys = (password: string, login = 'partner1', policy = DEFAULT_PASSWORD_POLICY) =>
  passwordProblems(password, login, policy).map((p) => (typeof p === 'string' ? p : p.key));

describe('password policy', () => {
  it('takes 6 to 10 half-width letters and digits by default', () => {
    expect(keys('Kx7q2m')).toEqual([]);
    expect(keys('Kx7q2mZ9w4')).toEqual([]);
    expect(keys('Abc12')).toEqual(['validation.passwordLength']);
    expect(keys('Abcdef12345')).toEqual(['validation.passwordLength']);
    expect(keys('Abc_123')).toEqual(['validation.passwordCharacters']);
    expect(keys('Ａｂｃ１２３')).toEqual(['validation.passwordCharacters']);
  });

  it('refuses the login and common passwords, case-insensitively', () => {
    expect(keys('PARTNER1')).toEqual(['validation.passwordSameAsLogin']);
    expect(keys('QWERTY123')).toEqual(['validation.passwordTooCommon']);
    expect(keys('Password1')).toEqual(['validation.passwordTooCommon']);
  });

  it('ships a few hundred common passwords, all of which the default rules would otherwise accept', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const password of COMMON_PASSWORDS) expect(password).toMatch(/^[a-z0-9]{6,10}$/);
    for (const password of ['123456', 'password', 'qwerty123', '111111', 'iloveyou']) {
      expect(COMMON_PASSWORDS.has(password)).toBe(true);
    }
  });

  it('reads a per-site policy from sites.settings, falling back on bad values', () => {
    const settings = siteAuthSettings('ipc', {
      name: 'IPC',
      settings: {
        passwordPolicy: { minLength: 8, maxLength: 20, characters: 'printable' },
        otpRequiredForProducers: true,
      },
    });
    expect(settings.passwordPolicy).toEqual({
      ...DEFAULT_PASSWORD_POLICY,
      minLength: 8,
      maxLength: 20,
      characters: 'printable',
    });
    expect(settings.otpRequired).toEqual({ client: false, producer: true, staff: false });
    expect(keys('Abc_1234', 'x', settings.passwordPolicy)).toEqual([]);
    expect(keys('Abc_123', 'x', settings.passwordPolicy)).toEqual(['validation.passwordLength']);
    const broken = siteAuthSettings('afs', {
      name: 'AFS',
      settings: { passwordPolicy: { minLength: 2 }, otpRequiredForClients: 'yes' },
    });
    expect(broken.passwordPolicy).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(broken.otpRequired.client).toBe(true);
  });
});
