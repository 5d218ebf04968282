// A signed-in visitor opens the sign-in route with a hostile `redirect` and must end on the app's
// origin or an allowlisted origin: the same table as the unit test of safeRedirect, here through
// the built app in Chromium, judged by the page the browser finally shows.
import type { BrowserContext } from '@playwright/test';
import { DEFAULT_PAGE } from '@gatehouse/contract';
import {
  HOSTILE_TABLE_ALLOWLIST,
  hostileRedirects,
  type HostileRedirect,
} from '../../packages/contract/src/hostile-redirects.ts';
import {
  admin,
  createUser,
  expect,
  inAnotherBrowser,
  linkFrom,
  pinFrom,
  test,
  text,
  waitForMail,
  type TestUser,
} from '../fixtures.ts';
import { signInWithPin } from '../screens/pin-screen.ts';
import { E2E_BASE_URL } from '../env.ts';

const APP_ORIGIN = new URL(E2E_BASE_URL).origin;
const ALLOWED_ORIGINS = [APP_ORIGIN, ...HOSTILE_TABLE_ALLOWLIST];

/**
 * Where the browser should end for a row: the allowlisted URL itself, the default page, or a
 * same-origin path. A path the server does not know is sent to the sign-in route, whose app sends
 * a signed-in visitor on to the default page.
 */
function expectedLanding(row: HostileRedirect): string {
  if (!row.expected.startsWith('/')) return row.expected;
  const url = new URL(row.expected, APP_ORIGIN);
  return url.pathname === DEFAULT_PAGE ? url.href : `${APP_ORIGIN}${DEFAULT_PAGE}`;
}

test.describe.configure({ mode: 'parallel' });

let context: BrowserContext;
let user: TestUser;
/** Requests that left the app's origin (they are answered here; nothing reaches the network). */
const outside: string[] = [];

// One signed-in browser context per worker, signed in through the API (password, then the mailed PIN).
test.beforeAll(async ({ browser }) => {
  user = await createUser();
  context = await browser.newContext({ baseURL: E2E_BASE_URL, locale: 'en-GB' });
  await context.route(
    (url) => url.origin !== APP_ORIGIN,
    (route) => {
      outside.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>outside</title><p>outside the app</p>',
      });
    },
  );
  const since = Date.now();
  const headers = { origin: APP_ORIGIN };
  const login = await context.request.post('/api/user/login', {
    data: { username: user.email, password: user.password },
    headers,
  });
  expect(await login.json()).toMatchObject({ status: 'requested_pin_code' });
  const mail = await waitForMail(user.email, { since, match: (m) => /#[A-Z0-9]{6}\s*$/.test(m.text.trim()) });
  const pin = await context.request.post('/api/user/pincode', { data: { pin_code: pinFrom(mail) }, headers });
  expect(await pin.json()).toMatchObject({ status: 'ok' });
  expect(await (await context.request.get('/api/user/info')).json()).toMatchObject({ guest: false });
});

test.afterAll(async () => {
  await context?.close();
  if (user) await admin('user', 'delete', '--email', user.email);
});

for (const row of hostileRedirects(APP_ORIGIN)) {
  test(`redirect ${row.query} (${row.why}) ends on an allowed origin`, async () => {
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const before = outside.length;
    // Where the browser goes, as it parsed the target: the server answers a signed-in visitor with a
    // redirect, which the browser follows before any route of this test sees it.
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
    });
    const leftTheApp = () =>
      navigations.find((url) => !(new URL(url).origin === APP_ORIGIN && new URL(url).pathname.startsWith('/signin')));
    try {
      // An allowed origin outside this machine cannot be reached here: that navigation fails, after it was made.
      await page.goto(`/signin/?redirect=${row.query}`, { waitUntil: 'commit' }).catch(() => undefined);
      await expect.poll(leftTheApp).toBeDefined();
      // Where it ends: the last navigation once the page has settled (a same-origin path may redirect again).
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const landed = new URL(navigations.at(-1) ?? '');
      expect(ALLOWED_ORIGINS, `landed on ${landed.href}`).toContain(landed.origin);
      expect(landed.href).toBe(expectedLanding(row));
      const strayRequests = [
        ...outside.slice(before),
        ...navigations.filter((url) => new URL(url).origin !== APP_ORIGIN),
      ].filter((url) => !HOSTILE_TABLE_ALLOWLIST.some((origin) => url.startsWith(`${origin}/`)));
      expect(strayRequests).toEqual([]);
      expect(dialogs).toEqual([]);
    } finally {
      await page.close();
    }
  });
}

test("a sign-in never goes on to someone else's invitation: the person stays themself on the default page", async ({
  page,
  browser,
}) => {
  // Another person's live invitation, put into the sign-in link a person is sent.
  const invited = `invited-${Date.now().toString(36)}@example.test`;
  const since = Date.now();
  await admin('user', 'invite', '--email', invited, '--language', 'en');
  const invitation = linkFrom(
    await waitForMail(invited, { since, match: (m) => m.text.includes('/signin/accept-invitation?token=') }),
    '/signin/accept-invitation',
  );
  const person = await createUser({ language: 'en' });
  await page.goto(`/signin/?redirect=${encodeURIComponent(invitation)}`);
  await signInWithPin(page, person);
  await expect(page).toHaveURL(`${APP_ORIGIN}/`);
  await expect(page.getByText(person.email)).toBeVisible();
  expect(await (await page.request.get('/api/user/info')).json()).toMatchObject({ guest: false });
  // The invitation was not touched: its owner still finds the welcome.
  await inAnotherBrowser(browser, { baseURL: E2E_BASE_URL, lang: 'en' }, async (other) => {
    await other.goto(invitation);
    await expect(
      other.getByRole('heading', { level: 1, name: text('en', 'registration.welcome.title') }),
    ).toBeVisible();
  });
  await admin('user', 'delete', '--email', invited);
});
