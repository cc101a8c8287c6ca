import type { MeResponse } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aClient, anonymousMe, aProducer, meWith, siteInfo } from '../test/fixtures';
import { jsonResponse } from '../test/render-app';
import { currentLocation, renderLogin } from './test/render-login';

// The suite shares two cores.

/**
 * The light login page (login.html): the tests of the SPA's login screen it replaces, run against the new entry,
 * plus what is new — the page decides before drawing, and leaves for the SPA by a full page load.
 */

async function fill(label: RegExp | string, value: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}

const pendingMe: MeResponse = { ...anonymousMe, otpUserId: 42, csrfToken: 'csrf-pending' };

describe('login screen', () => {
  it('offers the area choice on afs, and the client links', async () => {
    await renderLogin('/login');
    const group = await screen.findByRole('radiogroup', { name: 'Sign in as' });
    expect(within(group).getByRole('radio', { name: /Client/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText(/Client ID/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Activate your account/ })).toHaveAttribute(
      'href',
      '/angel/face/registration',
    );
    expect(screen.getByRole('link', { name: /Forgot your Client ID or password/ })).toHaveAttribute(
      'href',
      '/angel/face/forget_password',
    );
    // afs help block
    for (const name of ['Help', 'FAQ', 'Contact us'])
      expect(screen.getByRole('link', { name })).toBeVisible();
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} Angel Financial Services`)).toBeInTheDocument();
  });

  it('switches to the producer form: Login ID or Advisor Code, forgot-password link', async () => {
    await renderLogin('/login');
    fireEvent.click(await screen.findByRole('radio', { name: /Advisor/ }));
    expect(await screen.findByLabelText(/Login ID or Advisor Code/)).toBeInTheDocument();
    expect(
      screen.getByText('You may sign in with your Login ID or with your Advisor Code.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/angel/face/forget_password_b2b',
    );
    expect(currentLocation()).toBe('/login?area=b2b');
  });

  it('has no area choice on ipc; producer form with the forgot-password link and a contact link', async () => {
    await renderLogin('/login', { site: siteInfo('ipc') });
    expect(await screen.findByLabelText(/Login ID or Advisor Code/)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'FAQ' })).not.toBeInTheDocument();
  });

  it.each(['ipc', 'absg'] as const)('welcomes advisors on %s, where clients cannot sign in', async (code) => {
    await renderLogin('/login', { site: siteInfo(code) });
    expect(
      await screen.findByText(
        'Sign in to follow your clients, new business, reports and commissions in one secure place.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/follow your plans/)).not.toBeInTheDocument();
  });

  it('titles absg "Advisor Login", with no forgot link, no language bar and no help block', async () => {
    await renderLogin('/login', { site: siteInfo('absg') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Advisor Login' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Forgot/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Need help?' })).not.toBeInTheDocument();
  });

  it('offers no account links on a staff host, whose server answers those flows with 404', async () => {
    await renderLogin('/login', {
      site: siteInfo('afs', { feature: { external: 'false', internal: 'true' } }),
    });
    expect(await screen.findByLabelText(/Staff login ID/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Forgot|Activate/ })).not.toBeInTheDocument();
  });

  it('says "Cannot be blank" under empty fields without calling the server', async () => {
    const { fetchMock } = await renderLogin('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const login = await screen.findByLabelText(/Client ID/);
    await waitFor(() => expect(login).toHaveAttribute('aria-invalid', 'true'));
    expect(login).toHaveAccessibleDescription(expect.stringContaining('Cannot be blank'));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(login).toHaveFocus());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/login'))).toBe(false);
  });

  it('shows a failed login as a base error above the form, in the server’s words', async () => {
    const { fetchMock } = await renderLogin('/zh/login', {
      handlers: { 'POST /login': () => jsonResponse({ error: '客戶編號或密碼不正確。' }, 401) },
    });
    await fill(/客戶編號/, 'AG10000001');
    await fill(/^密碼/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: '登入' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('客戶編號或密碼不正確。');
    await waitFor(() => expect(alert).toHaveFocus());
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/zh/api/login'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      login: 'AG10000001',
      password: 'wrong',
      area: 'b2c',
    });
  });

  it('goes to the referrer in the user’s area after signing in', async () => {
    let me: MeResponse = anonymousMe;
    const { navigate } = await renderLogin(`/login?referrer=${encodeURIComponent('/b2c/message')}`, {
      handlers: {
        '/me': () => me,
        'POST /login': () => {
          me = meWith({ currentClient: aClient });
          return me;
        },
      },
    });
    await fill(/Client ID/, 'AG10000001');
    await fill(/^Password/, 'Client123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/angel/face/b2c/message'));
  });

  it('sends a producer to their home when the referrer is in another area', async () => {
    let me: MeResponse = anonymousMe;
    const { navigate } = await renderLogin(
      `/zh/login?area=b2b&referrer=${encodeURIComponent('/b2c/message')}`,
      {
        handlers: {
          '/me': () => me,
          'POST /login': () => {
            me = meWith({ currentProducer: aProducer });
            return me;
          },
        },
      },
    );
    await fill(/登入名稱或顧問編號/, 'A1001');
    await fill(/^密碼/, 'Prod1234');
    fireEvent.click(screen.getByRole('button', { name: '登入' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/angel/face/zh/b2b/home'));
  });
});

describe('one-time code', () => {
  it('shows the code form after a correct password when a code is required', async () => {
    let me: MeResponse = anonymousMe;
    await renderLogin('/login', {
      handlers: {
        '/me': () => me,
        'POST /login': () => {
          me = pendingMe;
          return me;
        },
      },
    });
    await fill(/Client ID/, 'AG10000001');
    await fill(/^Password/, 'Client123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText(/Verification code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(code).toHaveFocus());
  });

  it('submits the code with the login form’s body and signs in', async () => {
    let me: MeResponse = pendingMe;
    const bodies: unknown[] = [];
    sessionStorage.setItem('portal.pendingLogin', JSON.stringify({ login: 'AG10000001', area: 'b2c' }));
    const { navigate } = await renderLogin('/login', {
      handlers: {
        '/me': () => me,
        'POST /login': ({ body }) => {
          bodies.push(body);
          me = meWith({ currentClient: aClient });
          return me;
        },
      },
    });
    await fill(/Verification code/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/angel/face/b2c'));
    expect(bodies[0]).toMatchObject({ login: 'AG10000001', area: 'b2c', otpCode: '123456' });
  });

  it('checks the code format before sending', async () => {
    const { fetchMock } = await renderLogin('/login', { me: pendingMe });
    await fill(/Verification code/, '12ab');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Please enter the 6 digits from the e-mail')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/login'))).toBe(false);
  });

  it('shows a wrong code as a base error', async () => {
    await renderLogin('/login', {
      me: pendingMe,
      handlers: {
        'POST /login': () => jsonResponse({ error: 'The verification code is incorrect.' }, 401),
      },
    });
    await fill(/Verification code/, '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The verification code is incorrect.');
  });

  it('counts down before a new code may be sent, then resends and shows the server’s msg', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderLogin('/login', {
        me: pendingMe,
        handlers: {
          'POST /resend_otp': () => ({ msg: 'A new verification code has been sent to t***n@example.com.' }),
        },
      });
      const resend = await screen.findByRole('button', { name: 'Send a new code' });
      expect(resend).toBeDisabled();
      expect(screen.getByText(/^You can ask for a new code in (60|59) seconds\.$/)).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(61_000);
      });
      await waitFor(() => expect(resend).toBeEnabled());
      fireEvent.click(resend);
      expect(
        await screen.findByText('A new verification code has been sent to t***n@example.com.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Notification')).toBeInTheDocument();
      await waitFor(() => expect(resend).toBeDisabled());
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the wait from the server when it refuses a resend as too soon', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderLogin('/login', {
        me: pendingMe,
        handlers: {
          'POST /resend_otp': () =>
            new Response(JSON.stringify({ error: 'Please wait 42 s before asking for a new code.' }), {
              status: 429,
              headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
            }),
        },
      });
      const resend = await screen.findByRole('button', { name: 'Send a new code' });
      await act(async () => {
        vi.advanceTimersByTime(61_000);
      });
      await waitFor(() => expect(resend).toBeEnabled());
      fireEvent.click(resend);
      expect(await screen.findByText(/^You can ask for a new code in 4[12] seconds\.$/)).toBeInTheDocument();
      expect(resend).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels back to the login form', async () => {
    let me: MeResponse = pendingMe;
    const { fetchMock } = await renderLogin('/login', {
      handlers: {
        '/me': () => me,
        'POST /cancel_otp': () => {
          me = anonymousMe;
          return me;
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel and sign in again' }));
    expect(await screen.findByLabelText(/Client ID/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Verification code/)).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/cancel_otp') && init?.method === 'POST',
      ),
    ).toBe(true);
  });
});

describe('legal texts', () => {
  it('opens the disclaimer from the login text as a dialog with the full text', async () => {
    await renderLogin('/login');
    const notice = await screen.findByText(/By signing in you accept the/);
    fireEvent.click(within(notice).getByRole('button', { name: 'Disclaimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disclaimer' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Offshore and Hong Kong residents only' }),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('heading', { name: 'Not an offer and not financial advice' }),
    ).toBeVisible();
  });

  it('shows the shorter privacy policy on ipc, in Chinese', async () => {
    await renderLogin('/zh/login', { site: siteInfo('ipc') });
    const notice = await screen.findByText(/登入即表示您接受/);
    fireEvent.click(within(notice).getByRole('button', { name: '私隱政策' }));
    const dialog = await screen.findByRole('dialog', { name: '私隱政策' });
    expect(await within(dialog).findByRole('heading', { name: '收集的資料及目的' })).toBeVisible();
    expect(within(dialog).queryByRole('heading', { name: '個人資料的披露' })).not.toBeInTheDocument();
  });

  it('shows the Japanese inquiry mailto link', async () => {
    await renderLogin('/ja/login');
    expect(await screen.findByRole('link', { name: /inquiry@afs\.example/ })).toHaveAttribute(
      'href',
      'mailto:inquiry@afs.example',
    );
  });
});

describe('the light page itself', () => {
  it('offers the site languages: English and Chinese on ipc, each link the same page', async () => {
    await renderLogin('/login?area=b2b', { site: siteInfo('ipc') });
    const switcher = await screen.findByRole('navigation', { name: 'Language' });
    expect(
      within(switcher)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['English', '繁體中文']);
    expect(within(switcher).getByRole('link', { name: '繁體中文' })).toHaveAttribute(
      'href',
      '/angel/face/zh/login?area=b2b',
    );
    expect(within(switcher).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  });

  it('speaks to staff on a staff host: its title, no account links, no client help', async () => {
    await renderLogin('/login', {
      site: siteInfo('afs', { feature: { external: 'false', internal: 'true' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Staff login ID/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Activate your account|Forgot/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Help/ })).toBeNull();
  });

  it('sends someone already signed in on to their area before drawing any form', async () => {
    const { navigate } = await renderLogin('/kr/login', { me: meWith({ currentProducer: aProducer }) });
    expect(navigate).toHaveBeenCalledWith('/angel/face/kr/b2b/home');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('does not follow a referrer outside the app or outside the user’s area', async () => {
    for (const referrer of ['//evil.example/b2c', 'https://evil.example/b2c', '/b2c/../b2b/clients']) {
      const { navigate } = await renderLogin(`/login?referrer=${encodeURIComponent(referrer)}`, {
        me: meWith({ currentClient: aClient }),
      });
      expect(navigate).toHaveBeenLastCalledWith('/angel/face/b2c');
    }
  });

  it('speaks Japanese from the URL: catalogs, html lang, API prefix, machine-translation remark, plurals', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = await renderLogin('/ja/login', { me: pendingMe });
      expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('ja');
      expect(screen.getByTestId('machine-translation-note')).toHaveTextContent('機械翻訳');
      expect(screen.getByText(/^(60|59) 秒後に新しいコードを請求できます。$/)).toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/angel/face/ja/api/me');
      expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/angel/face/login');
      expect(document.title).toBe('ログイン | Angel Financial Services');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the ended-session notice and keeps ?area= in the URL for the language links', async () => {
    await renderLogin(`/zh/login?referrer=${encodeURIComponent('/zh/b2c')}&session=ended`);
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
    fireEvent.click(screen.getByRole('radio', { name: /顧問/ }));
    expect(currentLocation()).toBe(
      `/zh/login?referrer=${encodeURIComponent('/zh/b2c')}&session=ended&area=b2b`,
    );
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute(
      'href',
      `/angel/face/login?referrer=${encodeURIComponent('/zh/b2c')}&session=ended&area=b2b`,
    );
  });

  it('says a locked account or a rate limit in the server’s words', async () => {
    await renderLogin('/login', {
      handlers: {
        'POST /login': () =>
          jsonResponse(
            { errors: { base: ['Your account is locked. Please try again in 30 minutes.'] } },
            400,
          ),
      },
    });
    await fill(/Client ID/, 'AG10000001');
    await fill(/^Password/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is locked.');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('says the server could not be reached when the network fails, and the database message on a 503', async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    await renderLogin('/login', { handlers: { 'POST /login': () => answer() } });
    await fill(/Client ID/, 'AG10000001');
    await fill(/^Password/, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server.');
    answer = () => jsonResponse({ error: 'The service is temporarily unavailable.' }, 503);
    await fill(/^Password/, 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The service is temporarily unavailable.'),
    );
  });

  it('refreshes a stale CSRF token once and sends the sign-in again with the new one', async () => {
    let token = 'old';
    const sent: (string | null)[] = [];
    const { fetchMock } = await renderLogin('/login', {
      handlers: {
        '/me': () => ({ ...anonymousMe, csrfToken: token }),
        'POST /login': () => {
          const call = fetchMock.mock.calls.at(-1);
          const header = new Headers(call?.[1]?.headers).get('x-csrf-token');
          sent.push(header);
          if (header !== 'new') return jsonResponse({ error: 'stale' }, 422);
          return meWith({ currentClient: aClient });
        },
      },
    });
    token = 'new';
    await fill(/Client ID/, 'AG10000001');
    await fill(/^Password/, 'Client123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(sent).toEqual(['old', 'new']));
  });

  it('shows Fail fetching data with a retry when the session cannot be read', async () => {
    let up = false;
    await renderLogin('/login', {
      handlers: { '/me': () => (up ? anonymousMe : jsonResponse({ error: 'Database unavailable' }, 503)) },
    });
    expect(await screen.findByText('Fail fetching data')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });
});
