import type { MessageRef } from '../../plugins/errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';
import type { PasswordPolicy } from './site-settings.js';

const ALPHANUMERIC = /^[A-Za-z0-9]*$/;
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

/**
 * What is wrong with a new password under a site's policy: field messages, empty when it is acceptable. Length and
 * character set first (they are what the form explains); "too common" and "same as login" only for a password that
 * otherwise fits, so the person fixes one thing at a time.
 */
export function passwordProblems(password: string, login: string, policy: PasswordPolicy): MessageRef[] {
  const problems: MessageRef[] = [];
  const length = [...password].length;
  if (length < policy.minLength || length > policy.maxLength) {
    problems.push({
      key: 'validation.passwordLength',
      vars: { min: policy.minLength, max: policy.maxLength },
    });
  }
  const charset = policy.characters === 'alphanumeric' ? ALPHANUMERIC : PRINTABLE_ASCII;
  if (!charset.test(password)) problems.push('validation.passwordCharacters');
  if (problems.length > 0) return problems;
  const lower = password.toLowerCase();
  if (policy.denyLogin && lower === login.trim().toLowerCase())
    problems.push('validation.passwordSameAsLogin');
  else if (policy.denyCommon && COMMON_PASSWORDS.has(lower)) problems.push('validation.passwordTooCommon');
  return problems;
}
