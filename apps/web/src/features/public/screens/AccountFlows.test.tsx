import type { MeResponse } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, anonymousMe, meWith } from '../../../test/fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';

// Mantine renders slowly in jsdom when the whole suite shares two cores.

async function fill(label: RegExp | string, value: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}

async function fillRegistration() {
  await fill(/Identification number/, 'C2345678');
  await fill(/^Surname/, 'Lee');
  await fill(/^Given name/, 'Ka Wing');
  await fill(/^Day/, '15');
  await fill(/^Month/, '1');
  await fill(/^Year/, '1990');
}

describe('registration', () => {
  it('requires every field and sends nothing until they are filled', async () => {
    const { fetchMock } = renderApp('/registration');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getAllByText('Cannot be blank')).toHaveLength(6));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/registration'))).toBe(false);
  });

  it('shows the server’s field errors on the fields and base errors in the alert', async () => {
    renderApp('/registration', {
      handlers: {
        'POST /registration': () =>
          jsonResponse(
            { errors: { birthDay: ['Is not a valid date'], base: ['Please try again later.'] } },
            400,
          ),
      },
    });
    await fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again later.');
    const day = screen.getByLabelText(/^Day/);
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAccessibleDescription('Is not a valid date');
    await waitFor(() => expect(day).toHaveFocus());
  });

  it('sends the form as typed and confirms the e-mail', async () => {
    let sent: unknown;
    renderApp('/registration', {
      handlers: {
        'POST /registration': ({ body }) => {
          sent = body;
          return { success: true, withEmail: true };
        },
      },
    });
    await fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/we have sent an e-mail to the address we hold for you/)).toBeInTheDocument();
    expect(sent).toEqual({
      idNo: 'C2345678',
      surName: 'Lee',
      givenName: 'Ka Wing',
      birthDay: '15',
      birthMonth: '1',
      birthYear: '1990',
    });
  });

  it('names the masked address when the server gives one', async () => {
    renderApp('/registration', {
      handlers: {
        'POST /registration': () => ({ success: true, withEmail: true, email: 'k*****e@example.com' }),
      },
    });
    await fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(/We have sent an e-mail to k\*\*\*\*\*e@example\.com/),
    ).toBeInTheDocument();
  });

  it('shows contact instructions when no e-mail is on file', async () => {
    renderApp('/registration', {
      handlers: { 'POST /registration': () => ({ success: true, withEmail: false }) },
    });
    await fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Please contact us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'inquiry@afs.example' })).toHaveAttribute(
      'href',
      'mailto:inquiry@afs.example',
    );
    expect(screen.getByRole('link', { name: 'our contact page' })).toBeInTheDocument();
  });
});

describe('activation and reset', () => {
  const link = 'login=AG10000003&activation_code=abc123';

  it('activates with the code from the link and ends on a success screen with a link to login', async () => {
    let sent: unknown;
    renderApp(`/activation?${link}`, {
      handlers: {
        'POST /activate': ({ body }) => {
          sent = body;
          return { success: true, loginId: 'AG10000003' };
        },
      },
    });
    expect(await screen.findByLabelText(/Login ID/)).toHaveValue('AG10000003');
    expect(screen.getByLabelText(/Login ID/)).toHaveAttribute('readonly');
    expect(screen.getByText(/6 to 10 characters, half-width letters/)).toBeInTheDocument();
    await fill(/^New password/, 'Abc12345');
    await fill(/^Confirm new password/, 'Abc12345');
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByRole('heading', { name: 'Your account is active' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login?area=b2c');
    expect(sent).toEqual({
      login: 'AG10000003',
      activationCode: 'abc123',
      password: 'Abc12345',
      passwordConfirmation: 'Abc12345',
    });
  });

  it('shows password field errors and an invalid link as the base error', async () => {
    renderApp(`/activation?${link}`, {
      handlers: {
        'POST /activate': () =>
          jsonResponse({ errors: { passwordConfirmation: ['Does not match the password'] } }, 400),
      },
    });
    await fill(/^New password/, 'Abc12345');
    await fill(/^Confirm new password/, 'Abc12399');
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('Does not match the password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('resets a producer password (type=B2B) and links to the producer login', async () => {
    let sent: Record<string, unknown> = {};
    renderApp('/zh/reset_password?login=partner1&activation_code=xyz&type=B2B', {
      handlers: {
        'POST /activate': ({ body }) => {
          sent = body as Record<string, unknown>;
          return { success: true, loginId: 'partner1' };
        },
      },
    });
    await fill(/^新密碼/, 'Newpass12');
    await fill(/^確認新密碼/, 'Newpass12');
    fireEvent.click(screen.getByRole('button', { name: '儲存新密碼' }));
    expect(await screen.findByRole('heading', { name: '您的密碼已更改' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '前往登入' })).toHaveAttribute('href', '/zh/login?area=b2b');
    expect(sent.type).toBe('B2B');
  });

  it('defaults the reset type to B2C', async () => {
    let sent: Record<string, unknown> = {};
    renderApp('/reset_password?login=AG10000001&activation_code=xyz', {
      handlers: {
        'POST /activate': ({ body }) => {
          sent = body as Record<string, unknown>;
          return { success: true };
        },
      },
    });
    await fill(/^New password/, 'Newpass12');
    await fill(/^Confirm new password/, 'Newpass12');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('link', { name: 'Go to login' })).toHaveAttribute(
      'href',
      '/login?area=b2c',
    );
    expect(sent.type).toBe('B2C');
  });

  it('offers a new link and the way back to login when the link is used or expired', async () => {
    renderApp(`/reset_password?login=AG10000001&activation_code=used`, {
      handlers: {
        'POST /activate': () =>
          jsonResponse(
            { errors: { base: ['This link is invalid or has expired. Please request a new one.'] } },
            400,
          ),
      },
    });
    await fill(/^New password/, 'Newpass12');
    await fill(/^Confirm new password/, 'Newpass12');
    expect(screen.queryByRole('navigation', { name: 'Link not working?' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    const wayOn = await screen.findByRole('navigation', { name: 'Link not working?' });
    expect(within(wayOn).getByRole('link', { name: 'Request a new password reset link' })).toHaveAttribute(
      'href',
      '/forget_password',
    );
    expect(within(wayOn).getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/login?area=b2c',
    );
  });

  it('explains an incomplete link instead of offering a form that cannot work', async () => {
    renderApp('/activation');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(screen.getByRole('button', { name: 'Activate account' })).toBeDisabled();
  });
});

describe('forgotten password', () => {
  it('client: identification number and birth date, then the confirmation', async () => {
    let sent: unknown;
    renderApp('/forget_password', {
      handlers: {
        'POST /forget_password': ({ body }) => {
          sent = body;
          return { success: true, withEmail: true };
        },
      },
    });
    await fill(/Identification number/, 'A1234563');
    await fill(/^Day/, '12');
    await fill(/^Month/, '4');
    await fill(/^Year/, '1978');
    fireEvent.click(screen.getByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/If no e-mail arrives within 30 minutes/)).toBeInTheDocument();
    expect(sent).toEqual({ idNo: 'A1234563', birthDay: '12', birthMonth: '4', birthYear: '1978' });
  });

  it('producer: login id required, then the confirmation', async () => {
    const { fetchMock } = renderApp('/forget_password_b2b', {
      handlers: { 'POST /forget_password_b2b': () => ({ success: true, withEmail: true }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByText('Cannot be blank')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('forget_password_b2b'))).toBe(false);
    await fill(/Login ID or Advisor Code/, 'A1001');
    fireEvent.click(screen.getByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
  });

  it('shows a rate-limit answer as the base error', async () => {
    renderApp('/forget_password_b2b', {
      handlers: {
        'POST /forget_password_b2b': () =>
          jsonResponse({ error: 'Too many attempts. Please try later.' }, 429),
      },
    });
    await fill(/Login ID or Advisor Code/, 'A1001');
    fireEvent.click(screen.getByRole('button', { name: 'Send e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try later.');
  });
});

describe('logout', () => {
  it('calls DELETE /logout, refreshes the session and goes to the login page', async () => {
    let me: MeResponse = meWith({ currentClient: aClient });
    const { fetchMock, pageLoads } = renderApp('/zh/logout', {
      handlers: {
        '/me': () => me,
        'DELETE /logout': () => {
          me = anonymousMe;
          return me;
        },
      },
    });
    // The login page is its own document (login.html).
    await waitFor(() => expect(pageLoads).toHaveBeenCalledWith('/angel/face/zh/login'));
    expect(
      fetchMock.mock.calls.filter(
        ([url, init]) => String(url).endsWith('/zh/api/logout') && init?.method === 'DELETE',
      ),
    ).toHaveLength(1);
  });
});
