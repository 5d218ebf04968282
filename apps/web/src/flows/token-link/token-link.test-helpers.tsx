import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Locale } from '@gatehouse/contract';
import { useServerError } from '../../shared/api';
import type { MessageId } from '../../shared/i18n';
import { SOURCE_CATALOGUES, type SourceCatalogue } from '../../shared/testing/source-catalogues';
import { expectScreen, jsonResponse, renderWithProviders } from '../../shared/testing/test-utils';
import type { LinkCheck } from '../../shared/link-request';
import { FinishRegistrationFlow, ResetPasswordFlow } from './token-link-flow';

export const CATALOGUES = SOURCE_CATALOGUES;
export const LOCALES: Locale[] = ['en', 'sk', 'cs'];
export type Catalogue = SourceCatalogue;
type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

const pathOf = (input: unknown) => new URL(String(input), 'http://localhost').pathname;

/** Answers each API path with its handler; records the calls. */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[url.pathname];
    if (!handler) throw new Error(`unexpected call ${url.pathname}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (path: string) => fetchMock.mock.calls.filter(([input]) => pathOf(input) === path);
  return {
    fetchMock,
    callsTo,
    bodyOf: (path: string, index = 0) => JSON.parse(String(callsTo(path)[index]?.[1]?.body)) as unknown,
  };
}

export const ok = () => jsonResponse({ status: 'ok' });
export const failed = (reasons: string[], detail?: string) => () =>
  jsonResponse({ status: 'failed', reasons, ...(detail ? { detail } : {}) });

function ServerErrorProbe() {
  return useServerError().failed ? <p>server-error state</p> : null;
}

/** Renders a route's flow in the providers, with the server-error probe beside it. */
function renderWithProbe(flow: ReactElement, locale: Locale) {
  renderWithProviders(
    <>
      {flow}
      <ServerErrorProbe />
    </>,
    locale,
  );
}

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36';

/** Renders the reset-password route's flow, with the server-error probe. */
export function renderResetFlow({
  search = '?token=abc',
  locale = 'en' as Locale,
  resetLinkMinutes = null as number | null,
  tokenCheck = null as LinkCheck | null,
} = {}) {
  const goToSignIn = vi.fn();
  const onDeviceUsers = vi.fn();
  renderWithProbe(
    <ResetPasswordFlow
      search={search}
      tokenCheck={tokenCheck}
      goToSignIn={goToSignIn}
      onDeviceUsers={onDeviceUsers}
      resetLinkMinutes={resetLinkMinutes}
    />,
    locale,
  );
  return { goToSignIn, onDeviceUsers, user: userEvent.setup(), m: CATALOGUES[locale] };
}

/** Renders the finish-registration route's flow, with the server-error probe. */
export function renderRegistrationFlow({
  search = '?token=inv&redirect=%2Frecords',
  locale = 'en' as Locale,
  signedIn = false,
} = {}) {
  const goToSignIn = vi.fn();
  const redirect = vi.fn();
  renderWithProbe(
    <FinishRegistrationFlow
      search={search}
      goToSignIn={goToSignIn}
      redirect={redirect}
      userAgent={ANDROID_CHROME}
      signedIn={signedIn}
    />,
    locale,
  );
  return { goToSignIn, redirect, user: userEvent.setup(), m: CATALOGUES[locale] };
}

export interface RenderedFlow {
  user: ReturnType<typeof userEvent.setup>;
  m: Catalogue;
}

/** Each route as the tests that hold for both meet it: its render, its set-password call and texts. */
export interface RouteUnderTest {
  route: string;
  render: (options: { locale: Locale }) => RenderedFlow;
  /** POST path of the set-password call. */
  setPasswordPath: string;
  /** The message-key prefix of the route's screens. */
  prefix: 'reset' | 'registration';
  submit: MessageId;
  /** From the page's first screen of a live link to the set-password form. */
  toSetPassword: (flow: RenderedFlow) => Promise<void>;
}

export const RESET_ROUTE: RouteUnderTest = {
  route: 'reset-password',
  render: renderResetFlow,
  setPasswordPath: '/api/user/resetpassword',
  prefix: 'reset',
  submit: 'reset.submit',
  toSetPassword: async ({ m }) => {
    await expectScreen(m['reset.title'], { first: true });
  },
};

export const REGISTRATION_ROUTE: RouteUnderTest = {
  route: 'finish-registration',
  render: renderRegistrationFlow,
  setPasswordPath: '/api/user/register',
  prefix: 'registration',
  submit: 'registration.setPassword.submit',
  toSetPassword: async ({ user, m }) => {
    await expectScreen(m['registration.welcome.title'], { first: true });
    await user.click(screen.getByRole('button', { name: m['registration.welcome.continue'] }));
    await expectScreen(m['registration.setPassword.title']);
  },
};

export const ROUTES = [RESET_ROUTE, REGISTRATION_ROUTE];

/** Types both passwords (an empty one is left empty) and submits with the route's button. */
export async function submitPasswords(
  { user, m }: RenderedFlow,
  submit: MessageId,
  password: string,
  password2: string,
) {
  if (password) await user.type(screen.getByLabelText(m['setPassword.password']), password);
  if (password2) await user.type(screen.getByLabelText(m['setPassword.password2']), password2);
  await user.click(screen.getByRole('button', { name: m[submit] }));
}

/** On the "Request a new link" page: types the e-mail, sends it and waits for the check-your-email page. */
export async function requestNewLink(user: RenderedFlow['user'], email: string) {
  await expectScreen('Request a new link');
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Send new link' }));
  await expectScreen('Check your email');
}
