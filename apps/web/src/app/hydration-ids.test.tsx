// The app hydrates the server's markup with the same element ids (React's useId) that the server
// rendered (docs/decisions/0117-server-rendered-first-view.md): the server's renderer (server-entry.tsx)
// renders the page, and the browser's entry (main.tsx) hydrates it as it does on a real page. Hydration
// keeps the server's attributes as they are; an attribute that changes later (a field's
// aria-describedby when its message appears) is written with the browser's ids. Should the two trees
// differ in shape, the description would then name an element that is not there.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ReactDomClient from 'react-dom/client';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerInfoAnswer } from '@gatehouse/contract';
import type { LinkCheck } from '../shared/link-request';
import type { SignInStart } from './page-payload';
import { APP_READY_EVENT, PAGE_PAYLOAD_ID } from './boot-signals';
import type { StartUpData } from './start-up';

const REMEMBERED = [
  { userId: 'u1', email: 'dana@example.com', firstName: 'Dana', surname: 'Nová', loginName: 'dana' },
  { userId: 'u2', email: 'jan@example.com', firstName: 'Ján', surname: 'Malý', loginName: 'jan' },
];

const data = (signedIn = false, deviceUsers: StartUpData['deviceUsers'] = []): StartUpData => ({
  user: signedIn
    ? { authenticated: true, language: 'en', id: 'u1', email: 'dana@example.com', firstName: 'Dana', surname: 'Nová' }
    : { authenticated: false, language: 'en', id: null, email: null, firstName: null, surname: null },
  serverInfo: ServerInfoAnswer.parse({ status: 'ok' }),
  serverVersion: { copyright: '© Provider' },
  deviceUsers,
});

/** Every id an attribute of the page refers to that no element of the page has. */
function danglingReferences(): string[] {
  const dangling: string[] = [];
  for (const element of document.querySelectorAll('[aria-describedby], [aria-labelledby], label[for]')) {
    for (const attribute of ['aria-describedby', 'aria-labelledby', 'for']) {
      for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
        if (document.getElementById(id) === null) dangling.push(`<${element.localName} ${attribute}="${id}">`);
      }
    }
  }
  return dangling;
}

/** The page at `path` (as the browser asks for it) as the server renders it, put into the document, then hydrated by the browser's entry. */
async function serveAndHydrate(
  path: string,
  search: string,
  signIn: SignInStart,
  linkCheck: LinkCheck | null,
  { signedIn = false, deviceUsers = [] }: { signedIn?: boolean; deviceUsers?: StartUpData['deviceUsers'] } = {},
) {
  const { renderPage } = await import('./server-entry');
  const page = await renderPage({
    path,
    search,
    origin: 'http://localhost',
    data: data(signedIn, deviceUsers),
    signIn,
    linkCheck,
  });
  if (page === null) throw new Error(`${path} is not rendered on the server`);
  // The server's renderer leaves the values of the contexts it provided set when it is done (it is
  // alone in its process); an empty render through the same renderer sets them back, so the
  // browser's render here reads none of them.
  await prerenderToNodeStream(<></>);
  // Without a history event (happy-dom's own call): the roots of the pages before, still mounted, stay
  // where they are.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://localhost:3000${path}${search === '' ? '' : `?${search}`}`,
  );
  document.head.innerHTML = '<base href="/signin/">';
  document.body.innerHTML =
    `<div id="root">${page.html}</div>` +
    `<script type="application/json" id="${PAGE_PAYLOAD_ID}" data-modules="">${page.payload}</script>`;
  const ready = new Promise<void>((resolve) =>
    document.addEventListener(APP_READY_EVENT, () => resolve(), { once: true }),
  );
  // The browser's entry, a new instance for each page: it reads the payload and hydrates the root. The
  // modules it shares with the server's renderer are loaded already, as the page's scripts are.
  await import(/* @vite-ignore */ `./main.tsx?page=${++pages}`);
  await ready;
  // Hydrated, not rendered anew, and unmounted after the test.
  expect(roots).toHaveLength(1);
}

/**
 * The roots main.tsx hydrates (it keeps no handle on them), each unmounted after its test: a page
 * left mounted would go on loading its lazy parts and set state after the test environment is gone.
 */
const roots = vi.hoisted(() => [] as Array<{ unmount(): void }>);
vi.mock('react-dom/client', async (importOriginal) => {
  const actual = await importOriginal<typeof ReactDomClient>();
  return {
    ...actual,
    hydrateRoot: (...args: Parameters<typeof actual.hydrateRoot>) => {
      const root = actual.hydrateRoot(...args);
      roots.push(root);
      return root;
    },
  };
});

/** What React's development build said of the hydration (a mismatch of an id is one of these). */
let hydrationErrors: string[] = [];

// For the whole file: a page may still render or call between its test's end and its unmounting.
beforeAll(() => {
  // No call answers: these tests look at the page, not at what it sends.
  vi.stubGlobal('fetch', () => new Promise<never>(() => undefined));
  const consoleError = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const message = args.map(String).join(' ');
    if (/hydrat/i.test(message)) hydrationErrors.push(message);
    // Two renderers (the server's, the browser's) use the same contexts: so here only, where both
    // run in one process.
    else if (!message.startsWith('Detected multiple renderers concurrently rendering')) consoleError(...args);
  });
});

beforeEach(() => {
  hydrationErrors = [];
});

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

let pages = 0;
const NO_PIN: SignInStart = { pinStep: null, passkeyLikely: false };

describe('a server-rendered page hydrates with the ids the server gave', () => {
  it('reset password: the new password names its hint and its message once the message shows', async () => {
    await serveAndHydrate('/signin/reset-password', 'token=abc', NO_PIN, {
      token: 'abc',
      answer: { status: 'ok' },
    });
    expect(hydrationErrors).toEqual([]);
    expect(danglingReferences()).toEqual([]);

    const password = screen.getByLabelText('New password');
    await userEvent.type(password, 'weak');
    fireEvent.blur(password);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(danglingReferences()).toEqual([]);
    const hint = screen.getByText(
      'At least 8 characters, including an upper-case letter, a lower-case letter and a digit.',
    );
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
  });

  it('sign-in: the fields name their messages after an empty submit', async () => {
    await serveAndHydrate('/signin/', '', NO_PIN, null);
    expect(hydrationErrors).toEqual([]);
    expect(danglingReferences()).toEqual([]);
    const email = screen.getByLabelText('Email address');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(danglingReferences()).toEqual([]);
  });

  it('the PIN step: the code field names its message after an empty submit', async () => {
    await serveAndHydrate(
      '/signin/',
      '',
      { pinStep: { email: 'dana@example.com', variant: 'signIn' }, passkeyLikely: false },
      null,
    );
    expect(hydrationErrors).toEqual([]);
    expect(danglingReferences()).toEqual([]);
    const code = screen.getByLabelText('Code');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(danglingReferences()).toEqual([]);
  });

  it('a remembered account: its password names its message; the account list, its menu', async () => {
    await serveAndHydrate('/signin/', '', NO_PIN, null, { deviceUsers: REMEMBERED });
    expect(hydrationErrors).toEqual([]);
    expect(danglingReferences()).toEqual([]);
    const password = screen.getByLabelText('Password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(danglingReferences()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Back to the account list, dana@example.com' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Options for Dana Nová' }));
    expect(await screen.findByRole('menuitem', { name: 'Remove from list' })).toBeTruthy();
    expect(danglingReferences()).toEqual([]);
  });

  it.each([
    ['accept invitation', '/signin/accept-invitation', 'token=abc', { token: 'abc', answer: { status: 'ok' } }, false],
    ['secure account', '/signin/secure-account', 'token=abc', { token: 'abc', answer: { status: 'ok' } }, false],
    ['sign-in and security', '/signin/security', '', null, true],
  ] as const)('%s: no id differs', async (_name, path, search, linkCheck, signedIn) => {
    await serveAndHydrate(path, search, NO_PIN, linkCheck, { signedIn });
    expect(hydrationErrors).toEqual([]);
    expect(danglingReferences()).toEqual([]);
  });
});
