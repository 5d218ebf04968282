// Test fixtures: each test gets its own account, created with the operator
// CLI against the database of the server under test, in its own browser context.
//
// Speed is part of a test that never cries wolf: a test far from its time-out stays green on a
// loaded machine. So the CLI runs in the worker's process (the same `runAdmin` and arguments as
// `npm run admin`, without a Node start-up and TypeScript compile per call), mail is waited for
// with a held request to the SMTP sink, and axe-core is injected once per document.
// docs/decisions/0011-fast-deterministic-end-to-end-tests.md says why and what it costs.
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AxeResults } from 'axe-core';
import IntlMessageFormat from 'intl-messageformat';
import { runAdmin } from '../apps/server/src/cli/admin.ts';
import { startClientAddressProxy, type ClientAddressProxy } from './client-address.ts';
import {
  E2E_BASE_URL,
  E2E_DATABASE_URL,
  E2E_MAIL_API,
  E2E_MAX_WORKERS,
  E2E_PROXY_PORT,
  E2E_SMTP_PORT,
  REPO_ROOT,
} from './env.ts';

export type Locale = 'en' | 'sk' | 'cs';
type Catalogue = Record<string, string>;

const catalogues = new Map<Locale, Catalogue>();
/** The message catalogue of a locale, as the app ships it. */
export function catalogue(locale: Locale): Catalogue {
  let messages = catalogues.get(locale);
  if (!messages) {
    messages = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'apps/web/src/locales', `${locale}.json`), 'utf8'),
    ) as Catalogue;
    catalogues.set(locale, messages);
  }
  return messages;
}

/** A message's text with its {placeholders} filled in. */
export function text(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  const message = catalogue(locale)[id];
  if (message === undefined) throw new Error(`no message ${id} in ${locale}`);
  // A message that chooses (plural, select) is formatted as the app formats it.
  if (/,\s*(?:plural|select|selectordinal)\s*,/.test(message))
    return String(new IntlMessageFormat(message, locale).format(values));
  return message.replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? `{${name}}`));
}

/** What the server under test is configured with, so that the CLI's links and mails are real. */
const E2E_ADMIN_ENV = {
  DATABASE_URL: E2E_DATABASE_URL,
  PUBLIC_ORIGIN: E2E_BASE_URL,
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
};

/** Runs the operator CLI (`npm run admin -- …`) against the e2e database; resolves to what it printed. */
export async function admin(...args: string[]): Promise<string> {
  return runAdminIn(E2E_ADMIN_ENV, args);
}

/** The operator CLI against another instance's database (the bot-check instances have their own). */
export async function adminOn(databaseUrl: string, ...args: string[]): Promise<string> {
  return runAdminIn(databaseUrl === E2E_DATABASE_URL ? E2E_ADMIN_ENV : { DATABASE_URL: databaseUrl }, args);
}

/** The CLI's commands, parsing and output in this process; a non-zero exit code throws with what it said. */
async function runAdminIn(env: Record<string, string>, args: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    args,
    (line) => out.push(line),
    (line) => err.push(line),
    { ...process.env, NODE_ENV: 'test', ...env },
  );
  if (code !== 0) throw new Error(`admin ${shown(args)} exited with ${code}: ${err.join('\n')}`);
  return out.map((line) => `${line}\n`).join('');
}

const run = promisify(execFile);
/**
 * The operator CLI as its own process, exactly as an operator starts it (`npm run admin -- …` runs
 * this); about a second of start-up, so only for the test that proves the command line itself.
 */
export async function adminProcess(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...E2E_ADMIN_ENV },
  });
  return stdout;
}

/** The arguments with a password left out, for an error message. */
function shown(args: readonly string[]): string {
  return args.map((arg, i) => (args[i - 1] === '--password' ? '…' : arg)).join(' ');
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  surname: string;
}

let counter = 0;
/** The accounts created during the running test, erased when it ends (the `accountCleanUp` fixture). */
const createdInTest: { email: string; databaseUrl: string }[] = [];

/**
 * Creates an active account with a verified e-mail and a random password, as the operator does
 * (`admin user create`); it is erased when the test ends. The `user` fixture is one of these.
 */
export async function createUser(
  overrides: Partial<TestUser> & { language?: Locale } = {},
  /** Another instance's database; the main e2e database when absent. */
  databaseUrl: string = E2E_DATABASE_URL,
): Promise<TestUser> {
  counter += 1;
  const user: TestUser = {
    email: `e2e-${process.pid}-${Date.now().toString(36)}-${counter}@example.test`,
    password: `Pw-${Math.random().toString(36).slice(2, 10)}A1`,
    firstName: 'Eva',
    surname: 'Tester',
    ...overrides,
  };
  await adminOn(
    databaseUrl,
    'user',
    'create',
    '--email',
    user.email,
    '--password',
    user.password,
    '--first-name',
    user.firstName,
    '--surname',
    user.surname,
    '--language',
    overrides.language ?? 'en',
  );
  createdInTest.push({ email: user.email, databaseUrl });
  return user;
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Asserts that axe-core finds no WCAG 2.2 AA violation on the page as it is (every same-origin
 * frame included). axe-core is injected once per document and run where the page is, as
 * axe.run() is meant to be used.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags } },
      ),
    WCAG_TAGS,
  );
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
  );
  expect(summary, 'axe-core WCAG 2.2 AA violations').toEqual([]);
}

let clientCount = 0;

export const test = base.extend<
  { user: TestUser; lang: Locale; accountCleanUp: void },
  { clientAddressProxy: ClientAddressProxy }
>({
  /** The app language for the test, chosen as the footer does (gh_lang cookie). */
  lang: ['en', { option: true }],
  /** A fresh account of the test's own (created when a test asks for it). */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
  user: async ({}, use) => {
    await use(await createUser());
  },
  /** After every test: the accounts it created are erased with everything kept for them (devices, PINs, links, passkeys). */
  accountCleanUp: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      createdInTest.length = 0;
      await use();
      for (const { email, databaseUrl } of createdInTest.splice(0)) {
        // A test may have erased its account itself.
        await adminOn(databaseUrl, 'user', 'delete', '--email', email).catch((error: Error) => {
          if (!error.message.includes(`No account has the e-mail ${email}`)) throw error;
        });
      }
    },
    { auto: true },
  ],
  /** The worker's client-address proxy (client-address.ts). */
  clientAddressProxy: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use, workerInfo) => {
      if (workerInfo.parallelIndex >= E2E_MAX_WORKERS)
        throw new Error(`at most ${E2E_MAX_WORKERS} workers: each has a proxy port of its own`);
      const proxy = await startClientAddressProxy(E2E_PROXY_PORT + workerInfo.parallelIndex);
      await use(proxy);
      await proxy.close();
    },
    { scope: 'worker' },
  ],
  /**
   * Every test's browser context is a client of its own: the servers see its requests come from
   * a loopback address no other test of the run uses (the worker's number, then a count), so
   * per-address throttles see one person per test, as they would in life.
   */
  proxy: async ({ clientAddressProxy }, use, testInfo) => {
    clientCount += 1;
    clientAddressProxy.useAddress(
      `127.${1 + (testInfo.workerIndex % 254)}.${(clientCount >> 8) & 255}.${clientCount & 255}`,
    );
    await use({ server: clientAddressProxy.server });
  },
  page: async ({ page, baseURL, lang }, use) => {
    await page.context().addCookies([{ name: 'gh_lang', value: lang, url: baseURL ?? 'http://localhost' }]);
    await use(page);
  },
});

export { expect };

/** Where another browser opens the app, and as whom. */
export interface AnotherBrowserOptions {
  baseURL: string;
  /** Its language cookie: the language a person chose on that device. */
  lang: Locale;
  viewport?: { width: number; height: number };
  /** The worker's client-address proxy (the `proxy` fixture), when the server must see this device's own address. */
  proxy?: BrowserContextOptions['proxy'];
}

/**
 * Another browser: a context of its own (none of the test page's cookies) in a language, as a
 * second device or a mail opened elsewhere is. The caller closes its context.
 */
export async function openAnotherBrowser(
  browser: Browser,
  { baseURL, lang, viewport, proxy }: AnotherBrowserOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    ...(viewport ? { viewport } : {}),
    ...(proxy ? { proxy } : {}),
  });
  await context.addCookies([{ name: 'gh_lang', value: lang, url: baseURL }]);
  return { context, page: await context.newPage() };
}

/** Runs `visit` in another browser (openAnotherBrowser), closed afterwards. */
export async function inAnotherBrowser(
  browser: Browser,
  options: AnotherBrowserOptions,
  visit: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page } = await openAnotherBrowser(browser, options);
  try {
    await visit(page);
  } finally {
    await context.close();
  }
}

/**
 * Serves the app's pages as a server whose renderer failed does (docs/decisions/0117-server-rendered-first-view.md):
 * the built page without a screen or start-up data, so the app renders in the browser and makes its
 * own start-up calls, which a test may answer with `page.route`.
 */
export async function renderInBrowser(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/signin') && !url.pathname.startsWith('/signin/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      // The sign-in page as a guest sees it, from which the rendered screen and its data are taken out.
      const response = await route.fetch({ url: new URL('/signin/', route.request().url()).href, maxRedirects: 0 });
      const body = (await response.text()).replace(
        /<div id="root">[\s\S]*?<\/div><script type="application\/json" id="gatehouse-page"[^>]*>[^<]*<\/script>/,
        '<div id="root"></div>',
      );
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    },
  );
}

export interface Mail {
  /** The sink's running number (1, 2, 3 … in the order mails arrived). */
  seq: number;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/**
 * Waits for a mail to `to` that arrived after `since` (ms) and matches; the newest such mail when
 * there are several. Each request to the sink is held until a new mail to `to` arrives, so the
 * wait ends as the mail does (no polling interval).
 */
export async function waitForMail(
  to: string,
  options: {
    since?: number;
    match?: (mail: Mail) => boolean;
    /** Another instance's sink. */ mailApi?: string;
    timeoutMs?: number;
  } = {},
): Promise<Mail> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  let after = 0;
  for (let left = timeoutMs; left > 0; left = deadline - Date.now()) {
    const response = await fetch(
      `${options.mailApi ?? E2E_MAIL_API}/mails?to=${encodeURIComponent(to)}&after=${after}&wait=${Math.ceil(left)}`,
    );
    const mails = (await response.json()) as Mail[];
    after = Math.max(after, ...mails.map((mail) => mail.seq));
    const found = mails
      .filter((mail) => mail.receivedAt >= (options.since ?? 0))
      .filter((mail) => options.match?.(mail) ?? true)
      .at(-1);
    if (found) return found;
  }
  throw new Error(`no mail to ${to} arrived in ${timeoutMs / 1000} s`);
}

/** The PIN mails' last line is the origin-bound `@host #PIN`. */
export const isPinMail = (mail: Mail) => /#[A-Z0-9]{6}\s*$/.test(mail.text.trim());

/**
 * Signs `user` in on this page's browser context through the API, with the calls and cookies the
 * app itself uses (password, then the PIN from the real mail, and with `rememberDevice` the call
 * that trusts this device), and signs out again: afterwards the device remembers the account.
 * For a test whose subject comes after a sign-in; a test of the sign-in itself uses the screens.
 */
export async function signInAndOutWithApi(
  page: Page,
  user: TestUser,
  options: { rememberDevice?: boolean } = {},
): Promise<void> {
  const origin = new URL(page.url().startsWith('http') ? page.url() : E2E_BASE_URL).origin;
  const post = async (path: string, data?: unknown) => {
    const response = await page.request.post(path, {
      headers: { origin, accept: 'application/json' },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `POST ${path}: HTTP ${response.status()}`).toBe(true);
    return (await response.json()) as { status: string; reasons?: string[] };
  };
  const since = Date.now();
  const login = await post('/api/user/login', { username: user.email, password: user.password });
  if (login.status !== 'ok') {
    expect(login.status, `login of ${user.email}: ${JSON.stringify(login)}`).toBe('requested_pin_code');
    const pin = pinFrom(await waitForMail(user.email, { since, match: isPinMail }));
    expect(await post('/api/user/pincode', { pin_code: pin })).toMatchObject({ status: 'ok' });
  }
  if (options.rememberDevice)
    expect(await post('/api/user/newdevice', { device_name: 'Chromium on Linux' })).toMatchObject({ status: 'ok' });
  expect(await post('/api/user/logout')).toMatchObject({ status: 'ok' });
}

/** The PIN of a PIN mail: its last line is the origin-bound `@host #PIN`. */
export function pinFrom(mail: Mail): string {
  const match = /@\S+ #([A-Z0-9]+)\s*$/.exec(mail.text.trim());
  if (!match?.[1]) throw new Error(`no origin-bound PIN line in: ${mail.text}`);
  return match[1];
}

/** The first link to the app in a mail (reset or invitation), as a path with query. */
export function linkFrom(mail: Mail, path: '/signin/reset-password' | '/signin/accept-invitation'): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]+[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/** A link to the reset-password page, as the mail asking for it brings it. */
export async function mailedResetLink(
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
): Promise<string> {
  const origin = new URL(baseURL ?? '').origin;
  const since = Date.now();
  const asked = await request.post('/api/user/forgotpassword', {
    headers: { origin, accept: 'application/json' },
    data: { email },
  });
  expect(await asked.json()).toMatchObject({ status: 'ok' });
  const mail = await waitForMail(email, { since, match: (m) => m.text.includes('/signin/reset-password?token=') });
  return linkFrom(mail, '/signin/reset-password');
}
