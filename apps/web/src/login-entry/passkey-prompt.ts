import type { PasskeyAssertion } from '@portal/contract';
import { ApiError } from '../lib/api-error';

/** The browser can make and use passkeys (WebAuthn); otherwise the page does not offer them. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Asks the browser for a passkey answering the server's options. The WebAuthn helper is loaded on first use only,
 * so the sign-in page stays as small as before for everyone who types a password.
 */
export async function passkeyAssertion(options: Record<string, unknown>): Promise<PasskeyAssertion> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({ optionsJSON: options as never });
  return answer as unknown as PasskeyAssertion;
}

/** The server's message for a refused passkey; the fallback when the browser's prompt was closed or failed. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.message ? error.message : fallback;
}
