// Two server processes on one PostgreSQL behind a round-robin proxy (e2e/fleet.ts): what one process
// learnt, the other knows, because it is in the database (docs/deploy.md, "What is per process").
// Runs when TEST_DATABASE_URL names a PostgreSQL server (CI sets it); skipped otherwise.
import type { Page } from '@playwright/test';
import {
  adminOn,
  createUser,
  expect,
  isPinMail,
  linkFrom,
  pinFrom,
  test,
  text,
  waitForMail,
  type TestUser,
} from '../fixtures.ts';
import { FLEET_BASE_URL } from '../env.ts';
import { startFleet, type Fleet } from '../fleet.ts';
import { addVirtualAuthenticator } from '../authenticator.ts';
import { clearAsPerson, typeAsPerson } from '../people.ts';
import { defaultPage, loginScreen } from '../screens/login-screen.ts';
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

/** Types a PIN as a person does: whatever the field holds (a refused code) selected and deleted, then key by key. */
async function enterPin(page: Page, pin: string) {
  const screen = pinScreen(page);
  await clearAsPerson(screen.code);
  await typeAsPerson(screen.code, pin);
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
  fleet.sendNextTo('POST', PIN_PATH, 1 - password.backend);
  await enterPin(page, pin);
  await passOfferIfShown(page);
  await expect(page.getByRole('button', { name: text('en', 'legacy.signOut') })).toBeVisible();
  const checked = lastServed('POST', PIN_PATH);
  expect({ password: password.backend, pin: checked.backend }).toEqual({
    password: password.backend,
    pin: 1 - password.backend,
  });
});

/** The login form, then the mailed PIN typed in; ends where the PIN leads (the passkey offer, or signed in). */
async function passwordAndPin(page: Page, user: TestUser) {
  const login = loginScreen(page);
  await login.open();
  const since = Date.now();
  await login.signIn(user.email, user.password);
  await expect(pinScreen(page).heading).toBeVisible();
  await enterPin(page, pinFrom(await waitForMail(user.email, { since, match: isPinMail })));
}

/** Signs in through the login form with the mailed PIN; ends signed in. */
async function signIn(page: Page, user: TestUser) {
  await passwordAndPin(page, user);
  await passOfferIfShown(page);
  await expect(page.getByRole('button', { name: text('en', 'legacy.signOut') })).toBeVisible();
}

/** Whether the page's session is signed in, as process `backend` sees it. */
async function signedInOn(page: Page, backend: number): Promise<boolean> {
  fleet.sendNextTo('GET', '/api/user/info', backend);
  const info = (await (await page.request.get('/api/user/info')).json()) as { guest?: boolean };
  expect(lastServed('GET', '/api/user/info').backend).toBe(backend);
  return info.guest === false;
}

test('a passkey registered through one process signs in through the other', async ({ page, context }) => {
  const user = await fleetUser();
  await addVirtualAuthenticator(page);
  await passwordAndPin(page, user);
  await page.getByRole('button', { name: text('en', 'signIn.passkeyOffer.activate'), exact: true }).click();
  await expect(defaultPage(page).signOut).toBeVisible();
  const registered = lastServed('POST', '/api/webauthn/create');
  expect(registered.status).toBe(200);

  // A browser that remembers nothing but the passkey: autofill signs in by itself. Its assertion
  // is sent to the process that did not register the passkey (whatever else the page loads meanwhile).
  fleet.sendNextTo('POST', '/api/webauthn/get', 1 - registered.backend);
  await context.clearCookies();
  await context.addCookies([{ name: 'gh_lang', value: 'en', url: FLEET_BASE_URL }]);
  await page.goto('/signin/', { waitUntil: 'commit' });
  await expect(defaultPage(page).signedInAs(`${user.firstName} ${user.surname}`, user.email)).toBeVisible();
  const signedIn = lastServed('POST', '/api/webauthn/get');
  expect({ registered: registered.backend, signedIn: signedIn.backend, status: signedIn.status }).toEqual({
    registered: registered.backend,
    signedIn: 1 - registered.backend,
    status: 200,
  });
});

test('a password reset through one process ends the sessions on both', async ({ page }) => {
  const user = await fleetUser();
  await signIn(page, user);
  expect([await signedInOn(page, 0), await signedInOn(page, 1)]).toEqual([true, true]);

  // Another device of the same person resets the password, through process 0.
  const origin = FLEET_BASE_URL;
  const post = (path: string, body: unknown) =>
    fetch(`${FLEET_BASE_URL}${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const since = Date.now();
  expect((await post('/api/user/forgotpassword', { email: user.email })).ok).toBe(true);
  const mail = await waitForMail(user.email, { since, match: (m) => m.text.includes('/signin/reset-password?token=') });
  const token = new URL(linkFrom(mail, '/signin/reset-password'), FLEET_BASE_URL).searchParams.get('token');
  fleet.sendNextTo('POST', '/api/user/resetpassword', 0);
  expect(
    (
      (await (
        await post('/api/user/resetpassword', { token, password: 'Reset-On-One-2026', password2: 'Reset-On-One-2026' })
      ).json()) as { status: string }
    ).status,
  ).toBe('ok');
  expect(lastServed('POST', '/api/user/resetpassword').backend).toBe(0);

  expect([await signedInOn(page, 0), await signedInOn(page, 1)]).toEqual([false, false]);
});

test('the per-account limit counts wrong passwords on both processes together', async ({ page }) => {
  const user = await fleetUser();
  const origin = FLEET_BASE_URL;
  const wrong = () =>
    page.request.post(LOGIN_PATH, {
      headers: { origin },
      data: { username: user.email, password: 'Not-The-Password-9' },
    });
  // Five wrong passwords are free (docs/decisions/0101-login-throttling.md), spread over both processes.
  const answeredBy: number[] = [];
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    fleet.sendNextTo('POST', LOGIN_PATH, attempt % 2);
    const answer = await wrong();
    expect(answer.status()).toBe(200);
    answeredBy.push(lastServed('POST', LOGIN_PATH).backend);
  }
  expect(answeredBy).toEqual([1, 0, 1, 0, 1]);
  // The sixth waits, whichever process gets it.
  for (const backend of [0, 1]) {
    fleet.sendNextTo('POST', LOGIN_PATH, backend);
    const answer = await wrong();
    expect(answer.status()).toBe(429);
    expect(lastServed('POST', LOGIN_PATH).backend).toBe(backend);
    expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
  }
});

test('the per-address limit counts one client’s attempts on both processes together', async ({ page }) => {
  const origin = FLEET_BASE_URL;
  // Fifty wrong sign-ins from one address in 15 minutes are free, each for another (unknown) account.
  const attempt = (n: number) =>
    page.request.post(LOGIN_PATH, {
      headers: { origin },
      data: { username: `nobody-${n}@example.test`, password: 'Not-The-Password-9' },
    });
  const before = fleet.served.length;
  for (let n = 1; n <= 50; n += 1) expect((await attempt(n)).status()).toBe(200);
  expect(new Set(fleet.served.slice(before).map((s) => s.backend))).toEqual(new Set([0, 1]));
  for (const backend of [0, 1]) {
    fleet.sendNextTo('POST', LOGIN_PATH, backend);
    expect((await attempt(100 + backend)).status()).toBe(429);
    expect(lastServed('POST', LOGIN_PATH).backend).toBe(backend);
  }
  // Another client (another address in X-Forwarded-For, from the trusted proxy) is not held back:
  // the processes count the client's address, not the proxy's.
  const other = await fetch(`${FLEET_BASE_URL}${LOGIN_PATH}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'someone-else@example.test', password: 'Not-The-Password-9' }),
  });
  expect(other.status).toBe(200);
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
    // Steered by path: the page's own requests meanwhile (its lazily loaded scripts) take no turn.
    fleet.sendNextTo('POST', PIN_PATH, attempt % 2);
    await enterPin(page, attempt % 2 ? 'ZZZZZZ' : 'YYYYYY');
    if (attempt < 5) await expect(pin.invalid).toBeVisible();
    else await expect(blockedScreens(page).blockedHeading).toBeVisible();
    answeredBy.push(lastServed('POST', PIN_PATH).backend);
  }
  expect(answeredBy).toEqual([1, 0, 1, 0, 1]);
  // Blocked in the database, so on both: the operator sees it once.
  expect(await adminOn(fleet.databaseUrl, 'user', 'list')).toMatch(
    new RegExp(`${user.email.replace(/[.]/g, '\\.')}\\s.*blocked`),
  );
});

test('a reset link sent to both processes at the same moment sets the password once', async ({ page }) => {
  const user = await fleetUser();
  // Only the calls below go through the proxy (no page is open: an app's own requests, such as its
  // idle preloads, would take a turn of the rotation between the two resets).
  const origin = FLEET_BASE_URL;
  const since = Date.now();
  const forgot = await page.request.post('/api/user/forgotpassword', {
    headers: { origin },
    data: { email: user.email },
  });
  expect(forgot.ok()).toBe(true);
  const mail = await waitForMail(user.email, { since, match: (m) => m.text.includes('/signin/reset-password?token=') });
  const token = new URL(linkFrom(mail, '/signin/reset-password'), FLEET_BASE_URL).searchParams.get('token');
  const reset = (password: string) =>
    page.request.post('/api/user/resetpassword', {
      headers: { origin },
      data: { token, password, password2: password },
    });
  const before = fleet.served.length;
  await fleet.nextTo(0);
  const answers = await Promise.all([reset('First-Choice-2026'), reset('Second-Choice-2026')]);
  const bodies = (await Promise.all(answers.map((a) => a.json()))) as { status: string }[];
  expect(bodies.map((b) => b.status === 'ok').sort()).toEqual([false, true]);
  // One went to each process.
  expect(
    fleet.served
      .slice(before)
      .filter((s) => s.path === '/api/user/resetpassword')
      .map((s) => s.backend)
      .sort(),
  ).toEqual([0, 1]);
  // The used link is refused by either process afterwards.
  for (const backend of [0, 1]) {
    fleet.sendNextTo('POST', '/api/user/resetpassword', backend);
    expect(((await (await reset('Third-Choice-2026')).json()) as { status: string }).status).not.toBe('ok');
  }
});
