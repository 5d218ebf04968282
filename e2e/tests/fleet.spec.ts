// Two server processes on one PostgreSQL behind a round-robin proxy (e2e/fleet.ts): what one process
// learnt, the other knows, because it is in the database (docs/deploy.md, "What is per process").
// Runs when TEST_DATABASE_URL names a PostgreSQL server (CI sets it); skipped otherwise.
import type { Page } from '@playwright/test';
import { adminOn, createUser, expect, isPinMail, linkFrom, pinFrom, test, text, waitForMail, type TestUser } from '../fixtures.ts';
import { FLEET_BASE_URL } from '../env.ts';
import { startFleet, type Fleet } from '../fleet.ts';
import { loginScreen } from '../screens/login-screen.ts';
import { blockedScreens, passOfferIfShown, pinScreen } from '../screens/pin-screen.ts';

const PIN_PATH = '/api/user/pincode';
const LOGIN_PATH = '/api/user/login';

test.skip(!process.env.TEST_DATABASE_URL?.trim(), 'needs PostgreSQL: set TEST_DATABASE_URL');
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: FLEET_BASE_URL });

let fleet: Fleet;
test.beforeAll(async () => {
  // Two Node start-ups and a migration: about what three tests take on a loaded machine.
  test.setTimeout(120_000);
  fleet = await startFleet();
});
test.afterAll(async () => {
  await fleet?.stop();
});

/** Which process answered the last `method path` so far. */
function lastServed(method: string, path: string) {
  const found = fleet.served.filter((s) => s.method === method && s.path === path).at(-1);
  if (!found) throw new Error(`no ${method} ${path} went through the proxy`);
  return found;
}

const fleetUser = (): Promise<TestUser> => createUser({}, fleet.databaseUrl);

/**
 * The first PIN is typed key by key. A PIN after a wrong one is filled in at once: typed key by key
 * over the refused one, the field keeps one key only (a defect of the PIN field, outside what this
 * file tests; reported), and this file is about the servers.
 */
async function enterPin(page: Page, pin: string, how: 'typed' | 'filled') {
  const screen = pinScreen(page);
  if (how === 'typed') await screen.code.pressSequentially(pin, { delay: 30 });
  else await screen.code.fill(pin);
  await expect(screen.code).toHaveValue(pin);
  await screen.submit.click();
}

test('the password is answered by one process and the PIN checked by the other', async ({ page }) => {
  const user = await fleetUser();
  const login = loginScreen(page);
  await login.open();
  const since = Date.now();
  await login.email.pressSequentially(user.email);
  await login.password.pressSequentially(user.password);
  await login.submit.click();
  await expect(pinScreen(page).heading).toBeVisible();
  const password = lastServed('POST', LOGIN_PATH);

  const pin = pinFrom(await waitForMail(user.email, { since, match: isPinMail }));
  await fleet.nextTo(1 - password.backend);
  await enterPin(page, pin, 'typed');
  await passOfferIfShown(page);
  await expect(page.getByRole('button', { name: text('en', 'legacy.signOut') })).toBeVisible();
  const checked = lastServed('POST', PIN_PATH);
  expect({ password: password.backend, pin: checked.backend }).toEqual({ password: password.backend, pin: 1 - password.backend });
});

test('wrong PINs sent to both processes in turn block the account at the limit, once', async ({ page }) => {
  const user = await fleetUser();
  const login = loginScreen(page);
  await login.open();
  await login.signIn(user.email, user.password);
  const pin = pinScreen(page);
  await expect(pin.heading).toBeVisible();
  const answeredBy: number[] = [];
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await fleet.nextTo(attempt % 2);
    await enterPin(page, attempt % 2 ? 'ZZZZZZ' : 'YYYYYY', attempt === 1 ? 'typed' : 'filled');
    if (attempt < 5) await expect(pin.invalid).toBeVisible();
    else await expect(blockedScreens(page).blockedHeading).toBeVisible();
    answeredBy.push(lastServed('POST', PIN_PATH).backend);
  }
  expect(answeredBy).toEqual([1, 0, 1, 0, 1]);
  // Blocked in the database, so on both: the operator sees it once.
  expect(await adminOn(fleet.databaseUrl, 'user', 'list')).toMatch(new RegExp(`${user.email.replace(/[.]/g, '\\.')}\\s.*blocked`));
});

test('a reset link sent to both processes at the same moment sets the password once', async ({ page }) => {
  const user = await fleetUser();
  await page.goto('/signin/');
  const origin = FLEET_BASE_URL;
  const since = Date.now();
  const forgot = await page.request.post('/api/user/forgotpassword', { headers: { origin }, data: { email: user.email } });
  expect(forgot.ok()).toBe(true);
  const mail = await waitForMail(user.email, { since, match: (m) => m.text.includes('/signin/reset-password?token=') });
  const token = new URL(linkFrom(mail, '/signin/reset-password'), FLEET_BASE_URL).searchParams.get('token');
  const reset = (password: string) =>
    page.request.post('/api/user/resetpassword', { headers: { origin }, data: { token, password, password2: password } });
  const before = fleet.served.length;
  const answers = await Promise.all([reset('First-Choice-2026'), reset('Second-Choice-2026')]);
  const bodies = (await Promise.all(answers.map((a) => a.json()))) as { status: string }[];
  expect(bodies.map((b) => b.status === 'ok').sort()).toEqual([false, true]);
  // One went to each process.
  expect(fleet.served.slice(before).filter((s) => s.path === '/api/user/resetpassword').map((s) => s.backend).sort()).toEqual([0, 1]);
  // The used link is refused by either process afterwards.
  for (const backend of [0, 1]) {
    await fleet.nextTo(backend);
    expect(((await (await reset('Third-Choice-2026')).json()) as { status: string }).status).not.toBe('ok');
  }
});
