import type { MeResponse } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anonymousMe, aProducer, meWith, siteInfo } from '../test/fixtures';
import { renderLogin } from './test/render-login';

/** The second step with an authenticator (or a recovery code), on the light login page. */

const pendingStrong: MeResponse = {
  ...anonymousMe,
  otpUserId: 42,
  csrfToken: 'csrf-pending',
  mfa: { methods: ['totp', 'recovery'] },
};

async function fill(label: RegExp | string, value: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}

describe('authenticator step', () => {
  it('sends the code to /login/mfa, trusting the browser when asked, and signs in', async () => {
    let me: MeResponse = pendingStrong;
    const bodies: unknown[] = [];
    const { navigate } = await renderLogin('/login?area=b2b', {
      handlers: {
        '/me': () => me,
        'POST /login/mfa': ({ body }) => {
          bodies.push(body);
          me = meWith({ currentProducer: aProducer });
          return me;
        },
      },
    });
    expect(screen.queryByLabelText(/Verification code/)).not.toBeInTheDocument();
    await fill('Authenticator code *', '654321');
    fireEvent.click(screen.getByLabelText("Don't ask again on this browser for 30 days"));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/angel/face/b2b/home'));
    expect(bodies[0]).toEqual({ method: 'totp', code: '654321', trustBrowser: true });
  });

  it('switches to a recovery code, and checks an authenticator code’s format before sending', async () => {
    const bodies: unknown[] = [];
    await renderLogin('/login', {
      me: pendingStrong,
      handlers: {
        'POST /login/mfa': ({ body }) => {
          bodies.push(body);
          return meWith({ currentProducer: aProducer });
        },
      },
    });
    await fill('Authenticator code *', '12ab');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(
      await screen.findByText('Please enter the 6 digits from your authenticator app'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await fill('Recovery code *', 'abcd-efgh-jkmn-pqrs-tuvw-xyz2');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ method: 'recovery', code: 'abcd-efgh-jkmn-pqrs-tuvw-xyz2' });
  });

  it('never offers to trust the browser on the staff host', async () => {
    await renderLogin('/login', {
      me: pendingStrong,
      site: { ...siteInfo('afs'), feature: { external: 'false', internal: 'true' } },
    });
    expect(await screen.findByLabelText('Authenticator code *')).toBeInTheDocument();
    expect(screen.queryByLabelText("Don't ask again on this browser for 30 days")).not.toBeInTheDocument();
  });
});
