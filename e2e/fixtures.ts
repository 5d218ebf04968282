// Test fixtures: each test gets its own account, created with the operator
// CLI against the database of the server under test.
import { test as base, expect, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import { E2E_BASE_URL, E2E_DATABASE_URL, E2E_MAIL_API, E2E_SMTP_PORT, REPO_ROOT } from './env.ts';

const run = promisify(execFile);

export type Locale = 'en' | 'sk' | 'cs';
type Catalogue = Record<string, string>;

const catalogues = new Map<Locale, Catalogue>();
/** The message catalogue of a locale, as the app ships it. */
export function catalogue(locale: Locale): Catalogue {
  let messages = catalogues.get(locale);
  if (!messages) {
    messages = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/web/src/locales', `${locale}.json`), 'utf8')) as Catalogue;
    catalogues.set(locale, messages);
  }
  return messages;
}

/** A message's text with simple {placeholders} filled in. */
export function text(locale: Locale, id: string, values: Record<string, string> = {}): string {
  const message = catalogue(locale)[id];
  if (message === undefined) throw new Error(`no message ${id} in ${locale}`);
  return message.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? `{${name}}`);
}

/** Runs the operator CLI (`npm run admin -- …`) against the e2e database. */
export async function admin(...args: string[]): Promise<string> {
  // Same origin and SMTP sink as the server under test: invitation links and mails are real.
  return runAdmin({ DATABASE_URL: E2E_DATABASE_URL, PUBLIC_ORIGIN: E2E_BASE_URL, SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}` }, args);
}

/** The operator CLI against another instance's database (the bot-check instances have their own). */
export async function adminOn(databaseUrl: string, ...args: string[]): Promise<string> {
  return runAdmin({ DATABASE_URL: databaseUrl }, args);
}

async function runAdmin(env: Record<string, string>, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
  });
  return stdout;
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  surname: string;
}

let counter = 0;
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
  return user;
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Asserts that axe-core finds no WCAG 2.2 AA violation on the page as it is. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
  expect(summary, 'axe-core WCAG 2.2 AA violations').toEqual([]);
}

export const test = base.extend<{ user: TestUser; lang: Locale }>({
  /** The app language for the test, chosen as the footer does (gh_lang cookie). */
  lang: ['en', { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
  user: async ({}, use) => {
    const user = await createUser();
    await use(user);
    // Clean up: the account and everything kept for it (devices, PINs, links, passkeys).
    await admin('user', 'delete', '--email', user.email);
  },
  page: async ({ page, baseURL, lang }, use) => {
    await page.context().addCookies([{ name: 'gh_lang', value: lang, url: baseURL ?? 'http://localhost' }]);
    await use(page);
  },
});

export { expect };

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/** Waits for a mail to `to` that arrived after `since` (ms) and matches. */
export async function waitForMail(
  to: string,
  options: { since?: number; match?: (mail: Mail) => boolean; /** Another instance's sink. */ mailApi?: string } = {},
): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${options.mailApi ?? E2E_MAIL_API}/mails?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as Mail[];
    const found = mails
      .filter((mail) => mail.receivedAt >= (options.since ?? 0))
      .filter((mail) => options.match?.(mail) ?? true)
      .at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} arrived in 15 s`);
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
