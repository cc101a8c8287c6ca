import type { MeResponse } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anonymousMe, aProducer, meWith } from '../test/fixtures';
import { renderLogin } from './test/render-login';

/** Passkeys on the light login page: the browser's prompt is stubbed, the calls are checked. */

const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: 'sig' },
  clientExtensionResults: {},
};

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(async () => ASSERTION),
}));

// Stubbed before each test: the setup file removes stubbed globals after every test.
beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});

describe('passkeys on the login page', () => {
  it('signs in with a passkey alone, in the chosen area', async () => {
    let me: MeResponse = anonymousMe;
    const bodies: unknown[] = [];
    const { navigate } = await renderLogin('/login?area=b2b', {
      handlers: {
        '/me': () => me,
        'POST /login/passkey/options': () => ({ options: { challenge: 'c' }, csrfToken: 'csrf-new' }),
        'POST /login/passkey': ({ body }) => {
          bodies.push(body);
          me = meWith({ currentProducer: aProducer });
          return me;
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/angel/face/b2b/home'));
    expect(bodies[0]).toEqual({ area: 'b2b', credential: ASSERTION });
  });

  it('offers only the passkey when the account has no authenticator', async () => {
    const bodies: unknown[] = [];
    const pending: MeResponse = {
      ...anonymousMe,
      otpUserId: 42,
      csrfToken: 'p',
      mfa: { methods: ['webauthn'] },
    };
    const { navigate } = await renderLogin('/login?area=b2b', {
      me: pending,
      handlers: {
        'POST /login/mfa/webauthn_options': () => ({ options: { challenge: 'c' }, csrfToken: 'p' }),
        'POST /login/mfa': ({ body }) => {
          bodies.push(body);
          return meWith({ currentProducer: aProducer });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(screen.queryByLabelText('Authenticator code *')).not.toBeInTheDocument();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/angel/face/b2b/home'));
    expect(bodies[0]).toEqual({ method: 'webauthn', credential: ASSERTION });
  });
});
