import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@gatehouse/contract';
import { expectAnnounced, expectScreen, jsonResponse, renderWithProviders } from '../../shared/testing/test-utils';
import { SOURCE_CATALOGUES } from '../../shared/testing/source-catalogues';
import { SecureAccountFlow, type SecureAccountFlowProps } from './secure-account-flow';

const CATALOGUES = SOURCE_CATALOGUES;
const LOCALES: Locale[] = ['en', 'sk', 'cs'];
type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url.pathname}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls: (key: string) =>
      fetchMock.mock.calls.filter(
        ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
      ),
  };
}

const ok = () => jsonResponse({ status: 'ok' });
const failed = (reasons: string[]) => () => jsonResponse({ status: 'failed', reasons });
const LIVE = { 'GET /api/user/secureaccount': ok };

function renderFlow({
  search = '?token=abc',
  locale = 'en' as Locale,
  linkCheck = null as SecureAccountFlowProps['linkCheck'],
  resetLinkMinutes = null as number | null,
} = {}) {
  const goToSignIn = vi.fn();
  const goToResetPassword = vi.fn();
  renderWithProviders(
    <SecureAccountFlow
      search={search}
      goToSignIn={goToSignIn}
      goToResetPassword={goToResetPassword}
      linkCheck={linkCheck}
      resetLinkMinutes={resetLinkMinutes}
    />,
    locale,
  );
  return { goToSignIn, goToResetPassword, user: userEvent.setup(), m: CATALOGUES[locale] };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a secure-account page the server rendered with its link checked', () => {
  it("shows the confirmation at once and asks nothing; a check of another link is not this one's", async () => {
    const api = stubApi({ ...LIVE });
    const { m } = renderFlow({ search: '?token=abc', linkCheck: { token: 'abc', answer: { status: 'ok' } } });
    // The first render is the confirmation (what the server painted), not a loading state.
    expect(screen.getByRole('heading', { level: 1, name: m['secureAccount.confirm.title'] })).toBeTruthy();
    expect(api.calls('GET /api/user/secureaccount')).toHaveLength(0);
  });

  it('shows the expired page at once for a link the server found used', () => {
    stubApi({});
    const { m } = renderFlow({
      search: '?token=abc',
      linkCheck: { token: 'abc', answer: { status: 'failed', reasons: ['wrong_token'] } },
    });
    expect(screen.getByRole('heading', { level: 1, name: m['secureAccount.expired.title'] })).toBeTruthy();
  });

  it('checks the link itself when the check was of another link', async () => {
    const api = stubApi({ ...LIVE });
    const { m } = renderFlow({ search: '?token=abc', linkCheck: { token: 'other', answer: { status: 'ok' } } });
    await expectScreen(m['secureAccount.confirm.title'], { first: true });
    expect(api.calls('GET /api/user/secureaccount')).toHaveLength(1);
  });
});

describe('a secure-account page loaded again in the browser that secured the account with its link', () => {
  it('shows the confirmation again, asking nothing; a new password then comes by a mailed link', async () => {
    const api = stubApi({ 'POST /api/user/forgotpassword': ok });
    const { user, m, goToResetPassword } = renderFlow({
      search: '?token=abc',
      linkCheck: { token: 'abc', usedHere: true },
    });
    // The page's first screen: its title takes no focus.
    await expectScreen(m['secureAccount.secured.title'], { first: true });
    expect(api.fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: m['secureAccount.secured.newPassword'] }));
    // The reset token was the page's only: the request for a reset link by mail instead.
    await expectScreen('Request a new link');
    expect(goToResetPassword).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email address'), 'ana@example.test');
    await user.click(screen.getByRole('button', { name: 'Send new link' }));
    await expectScreen('Check your email');
    expect(api.calls('POST /api/user/forgotpassword')).toHaveLength(1);
  });
});

describe.each(LOCALES)('secure-account route in %s', (locale) => {
  it('checks the link, explains what will happen and secures only when the one button is pressed, then leads on to a new password', async () => {
    const api = stubApi({
      ...LIVE,
      'POST /api/user/secureaccount': () => jsonResponse({ status: 'ok', resetToken: 'reset-token' }),
    });
    const { user, m, goToResetPassword } = renderFlow({ locale, search: '?token=a%2Bb' });
    await expectScreen(m['secureAccount.confirm.title'], { first: true });
    expect(screen.getByText(m['secureAccount.confirm.body'])).toBeTruthy();
    expect(
      new URL(String(api.calls('GET /api/user/secureaccount')[0]?.[0]), 'http://localhost').searchParams.get('token'),
    ).toBe('a+b');
    // Opening the link changed nothing: no POST until the button.
    expect(api.calls('POST /api/user/secureaccount')).toHaveLength(0);
    expect(screen.getAllByRole('button')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: m['secureAccount.confirm.submit'] }));
    await expectScreen(m['secureAccount.secured.title']);
    expect(screen.getByText(m['secureAccount.secured.body'])).toBeTruthy();
    expect(JSON.parse(String(api.calls('POST /api/user/secureaccount')[0]?.[1]?.body))).toEqual({ token: 'a+b' });
    await user.click(screen.getByRole('button', { name: m['secureAccount.secured.newPassword'] }));
    expect(goToResetPassword).toHaveBeenCalledWith('reset-token');
  });

  it.each(['wrong_token', 'missing_token'])(
    'shows the expired screen, with sign-in and a reset link, for a link the check answers %s',
    async (reason) => {
      stubApi({ 'GET /api/user/secureaccount': failed([reason]) });
      const { user, m, goToSignIn } = renderFlow({ locale });
      await expectScreen(m['secureAccount.expired.title'], { first: true });
      expect(screen.getByText(m['secureAccount.expired.body'])).toBeTruthy();
      await user.click(screen.getByRole('button', { name: m['secureAccount.expired.signIn'] }));
      expect(goToSignIn).toHaveBeenCalledOnce();
    },
  );
});

describe('secure-account route', () => {
  it('shows the expired screen without asking the server when the link has no token', async () => {
    const api = stubApi({});
    renderFlow({ search: '' });
    await expectScreen('This link is no longer valid', { first: true });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('offers the check again when it was refused for now (429), and shows the confirmation once the link checks out', async () => {
    let checks = 0;
    const api = stubApi({
      'GET /api/user/secureaccount': () =>
        ++checks === 1
          ? jsonResponse({ status: 'failed', reasons: ['too_many_requests'] }, 429, { 'Retry-After': '120' })
          : ok(),
    });
    const { user, goToSignIn } = renderFlow({ locale: 'sk' });
    await expectScreen('Odkaz sa nepodarilo overiť', { first: true });
    expect(await screen.findByText('Príliš veľa pokusov. Skúste to znova o 2 minúty.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prihlásiť sa' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Overiť odkaz znova' }));
    await expectScreen('Zabezpečte svoj účet');
    expect(api.calls('GET /api/user/secureaccount')).toHaveLength(2);
    expect(goToSignIn).not.toHaveBeenCalled();
  });

  it('shows the expired screen when the link was used in the meantime', async () => {
    stubApi({ ...LIVE, 'POST /api/user/secureaccount': failed(['wrong_token']) });
    const { user } = renderFlow();
    await user.click(await screen.findByRole('button', { name: 'Secure my account' }));
    await expectScreen('This link is no longer valid');
  });

  it('keeps focus on the button and announces each failure when the service is unavailable; a later press secures', async () => {
    let answers = 0;
    stubApi({
      ...LIVE,
      'POST /api/user/secureaccount': () =>
        ++answers <= 2 ? failed(['app_error'])() : jsonResponse({ status: 'ok', resetToken: 'r' }),
    });
    const { user } = renderFlow();
    const unavailable = 'Your account could not be secured right now. Please try again in a moment.';
    // Counts what the assertive region says, each time it is given the text.
    let said = 0;
    const region = document.querySelector('[data-announcer="assertive"]');
    const observer = new MutationObserver(() => {
      if (region?.textContent === unavailable) said += 1;
    });
    if (region) observer.observe(region, { childList: true, characterData: true, subtree: true });
    for (let press = 1; press <= 2; press++) {
      await user.click(await screen.findByRole('button', { name: 'Secure my account' }));
      await expectAnnounced(unavailable);
      await waitFor(() => expect(said).toBe(press));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Secure my account' }));
    }
    observer.disconnect();
    await user.click(screen.getByRole('button', { name: 'Secure my account' }));
    await expectScreen('Your account is secured');
  });

  it('asks for a reset link from the expired screen, and says how long it works', async () => {
    const api = stubApi({
      'GET /api/user/secureaccount': failed(['wrong_token']),
      'POST /api/user/forgotpassword': ok,
    });
    const { user } = renderFlow({ resetLinkMinutes: 45 });
    await user.click(await screen.findByRole('button', { name: 'Reset my password' }));
    await expectScreen('Request a new link');
    await user.type(screen.getByLabelText('Email address'), 'ana@example.test');
    await user.click(screen.getByRole('button', { name: 'Send new link' }));
    await expectScreen('Check your email');
    expect(
      screen.getByText(
        'If an account with this email address exists, we have sent it a new link. The link is valid for 45 minutes.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(JSON.parse(String(api.calls('POST /api/user/forgotpassword')[0]?.[1]?.body))).toEqual({
        email: 'ana@example.test',
      }),
    );
  });
});
