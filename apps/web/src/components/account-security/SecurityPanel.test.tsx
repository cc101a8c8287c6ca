import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aProducer, meWith } from '../../test/fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'c', authenticatorData: 'a', signature: 's' },
  clientExtensionResults: {},
};
// The browser's passkey prompt: answers at once, as Chromium's virtual authenticator does in the browser tests.
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(async () => assertion),
  startRegistration: vi.fn(),
}));

const overview = {
  totpEnabled: true,
  recoveryCodesEnabled: true,
  recoveryCodesLeft: 2,
  recoveryCodesLow: true,
  strongFactorRequired: true,
  graceEndsAt: null,
  enrolmentRequired: false,
  stepUpMethods: ['totp', 'recovery'],
  trustedBrowsersAllowed: true,
};
const sessions = {
  data: [
    {
      id: 'a'.repeat(22),
      current: true,
      device: 'Chrome 120 on Windows',
      ip: '10.0.0.1',
      createdAt: '2026-11-28T01:00:00Z',
      lastSeenAt: '2026-11-28T02:00:00Z',
    },
    {
      id: 'b'.repeat(22),
      current: false,
      device: 'Safari 17 on iOS',
      ip: '10.0.0.2',
      createdAt: '2026-11-27T01:00:00Z',
      lastSeenAt: '2026-11-27T02:00:00Z',
    },
  ],
};
const handlers = (extra: Record<string, (request: { body: unknown }) => unknown> = {}) => ({
  '/account/security': () => overview,
  '/account/sessions': () => sessions,
  '/account/activity': () => ({
    data: [{ type: 'factor_added', at: '2026-11-28T01:00:00Z', device: null, ip: null }],
  }),
  '/account/trusted_browsers': () => ({ data: [] }),
  '/account/passkeys': () => ({
    data: [{ id: 7, name: 'Work laptop', createdAt: '2026-11-28T01:00:00Z', lastUsedAt: null }],
  }),
  ...extra,
});

describe('security page', () => {
  it('shows the authenticator, the low recovery-code warning, sessions and activity', async () => {
    renderApp('/b2b/security', { me: meWith({ currentProducer: aProducer }), handlers: handlers() });
    expect(await screen.findByText('An authenticator app confirms your sign-ins.')).toBeInTheDocument();
    expect(screen.getByText('Few recovery codes are left. Make new ones.')).toBeInTheDocument();
    expect(await screen.findByText('Safari 17 on iOS')).toBeInTheDocument();
    expect(screen.getByText('This browser')).toBeInTheDocument();
    expect(await screen.findByText('Authenticator app added')).toBeInTheDocument();
  });

  it('lists the passkeys and removes one after confirming', async () => {
    const removed: number[] = [];
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/b2b/security', {
      me: meWith({ currentProducer: aProducer }),
      handlers: handlers({
        'DELETE /account/passkeys/7': () => {
          removed.push(7);
          return { success: true };
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(section).findByText('Work laptop')).toBeInTheDocument();
    expect(within(section).getByText('Never')).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual([7]));
  });

  it('asks for the factor when ending a session needs a fresh check, then ends it', async () => {
    let checked = false;
    const ended: string[] = [];
    renderApp('/b2b/security', {
      me: meWith({ currentProducer: aProducer }),
      handlers: handlers({
        [`DELETE /account/sessions/${'b'.repeat(22)}`]: () => {
          if (!checked) return jsonResponse({ error: 'Please confirm it is you', stepUp: true }, 401);
          ended.push('b');
          return { success: true };
        },
        'POST /account/step_up': ({ body }) => {
          expect(body).toEqual({ method: 'totp', code: '123456' });
          checked = true;
          return { success: true };
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent.change(await screen.findByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(ended).toEqual(['b']));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('confirms with a passkey when the account has one, then sends the change again', async () => {
    let checked = false;
    const ended: string[] = [];
    renderApp('/b2b/security', {
      me: meWith({ currentProducer: aProducer }),
      handlers: handlers({
        '/account/security': () => ({
          ...overview,
          totpEnabled: false,
          stepUpMethods: ['webauthn', 'password'],
        }),
        [`DELETE /account/sessions/${'b'.repeat(22)}`]: () => {
          if (!checked) return jsonResponse({ error: 'Please confirm it is you', stepUp: true }, 401);
          ended.push('b');
          return { success: true };
        },
        'POST /account/step_up/webauthn_options': () => ({ options: { challenge: 'x' }, csrfToken: 't' }),
        'POST /account/step_up': ({ body }) => {
          expect(body).toEqual({ method: 'webauthn', credential: assertion });
          checked = true;
          return { success: true };
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // The password is offered beside the passkey.
    expect(within(dialog).getByRole('button', { name: 'Use your password instead' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => expect(ended).toEqual(['b']));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});
