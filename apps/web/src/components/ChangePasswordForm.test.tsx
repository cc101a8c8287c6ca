import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aClient, aProducer, meWith } from '../test/fixtures';
import { jsonResponse, renderApp } from '../test/render-app';

// Mantine renders slowly in jsdom when the whole suite shares two cores.

async function fill(label: RegExp, value: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}

async function fillAll() {
  await fill(/^Current password/, 'Client123');
  await fill(/^New password/, 'Better456');
  await fill(/^Confirm new password/, 'Better456');
}

const asClient = { me: meWith({ currentClient: aClient }) };

describe('change password', () => {
  it('says "Cannot be blank" under each empty field without calling the server', async () => {
    const { fetchMock } = renderApp('/b2c/change_password', asClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getAllByText('Cannot be blank')).toHaveLength(3));
    const current = screen.getByLabelText(/^Current password/);
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Cannot be blank');
    await waitFor(() => expect(current).toHaveFocus());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('change_password'))).toBe(false);
  });

  it('shows the server’s field errors under their fields', async () => {
    renderApp('/b2c/change_password', {
      ...asClient,
      handlers: {
        'POST /change_password': () =>
          jsonResponse(
            {
              errors: {
                currentPassword: ['The current password is incorrect.'],
                newPassword: ['Must be 6 to 10 characters'],
              },
            },
            400,
          ),
      },
    });
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const current = await screen.findByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is incorrect.'));
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      expect.stringContaining('Must be 6 to 10 characters'),
    );
    expect(screen.getByLabelText(/^Confirm new password/)).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(current).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a base error as a red alert above the form', async () => {
    renderApp('/b2b/change_password', {
      me: meWith({ currentProducer: aProducer }),
      handlers: {
        'POST /change_password': () => jsonResponse({ errors: { base: ['Your account is locked.'] } }, 400),
      },
    });
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account is locked.');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('on success shows the message and clears the form', async () => {
    let sent: unknown;
    renderApp('/b2c/change_password', {
      ...asClient,
      handlers: {
        'POST /change_password': ({ body }) => {
          sent = body;
          return { success: true };
        },
      },
    });
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveValue('');
    expect(sent).toEqual({
      currentPassword: 'Client123',
      newPassword: 'Better456',
      confirmNewPassword: 'Better456',
    });
  });

  it('re-reads the session after success (the server rotated it), so the next change carries the new token', async () => {
    let meCalls = 0;
    const { fetchMock } = renderApp('/b2c/change_password', {
      handlers: {
        '/me': () => {
          meCalls += 1;
          return meWith({ currentClient: aClient, csrfToken: `token-${meCalls}` });
        },
        'POST /change_password': () => ({ success: true }),
      },
    });
    await fillAll();
    const before = meCalls;
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    await waitFor(() => expect(meCalls).toBe(before + 1));
    await fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const posts = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('change_password'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(new Headers(posts()[1]?.[1]?.headers).get('x-csrf-token')).toBe(`token-${before + 1}`);
  });

  it('is the same form in the producer area, in the user’s language', async () => {
    renderApp('/zh/b2b/change_password', { me: meWith({ currentProducer: aProducer }) });
    expect(await screen.findByRole('heading', { level: 1, name: '更改密碼' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^現有密碼/)).toBeInTheDocument();
  });
});
