// The "Sign-in and security" page (docs/decisions/0114-security-page.md), in sk, cs and en,
// typed like a person and driven by keyboard where a person would use it.
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from '../env.ts';
import {
  createUser,
  expect,
  expectNoAxeViolations,
  inAnotherBrowser,
  isPinMail,
  linkFrom,
  pinFrom,
  test,
  text,
  waitForMail,
  type Locale,
  type TestUser,
} from '../fixtures.ts';
import { addVirtualAuthenticator } from '../authenticator.ts';
import { ageSessionActivity, ageSessionProof } from '../database.ts';
import {
  JOURNEY_TIMEOUT_MS,
  expectScreen,
  recordAnnouncements,
  announcements,
  typeAsPerson,
  clearAsPerson,
} from '../people.ts';
import { defaultPage, loginScreen } from '../screens/login-screen.ts';
import { pinScreen, rememberedScreens } from '../screens/pin-screen.ts';

/** Password and the mailed PIN through the API of this browser context; stays signed in. */
async function signInWithApi(page: Page, user: TestUser, options: { rememberDevice?: boolean } = {}): Promise<void> {
  const post = async (path: string, data?: unknown) => {
    const response = await page.request.post(path, {
      headers: { origin: E2E_BASE_URL, accept: 'application/json' },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `POST ${path}: HTTP ${response.status()}`).toBe(true);
    return (await response.json()) as { status: string };
  };
  const since = Date.now();
  const login = await post('/api/user/login', { username: user.email, password: user.password });
  if (login.status !== 'ok') {
    expect(login.status).toBe('requested_pin_code');
    expect(
      await post('/api/user/pincode', {
        pin_code: pinFrom(await waitForMail(user.email, { since, match: isPinMail })),
      }),
    ).toMatchObject({ status: 'ok' });
  }
  if (options.rememberDevice)
    expect(await post('/api/user/newdevice', { device_name: 'Chromium Linux' })).toMatchObject({ status: 'ok' });
}

function securityPage(page: Page, lang: Locale) {
  const t = (id: string, values?: Record<string, string | number>) => text(lang, id, values);
  return {
    t,
    heading: page.getByRole('heading', { level: 1, name: t('security.title') }),
    passkeys: page.getByRole('region', { name: t('security.passkeys.heading') }),
    devices: page.getByRole('region', { name: t('security.devices.heading') }),
    sessions: page.getByRole('region', { name: t('security.sessions.heading') }),
    signIns: page.getByRole('region', { name: t('security.signIns.heading') }),
    password: page.getByRole('region', { name: t('security.password.heading') }),
    /** From the default page, by keyboard: the link is focused and Enter pressed. */
    async openFromDefaultPage() {
      await page.goto('/');
      const link = page.getByRole('link', { name: t('legacy.security') });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(this.heading).toBeVisible();
      await expect(page).toHaveURL(/\/signin\/security$/);
    },
  };
}

/** Presses Tab until `target` has focus (a person moving through the page), at most `limit` times. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 40) {
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Each locale once; the English run proves the removal with the passkey itself instead of the password. */
const LOCALES: { lang: Locale; viewport?: { width: number; height: number }; reauthWith: 'password' | 'passkey' }[] = [
  { lang: 'sk', reauthWith: 'password' },
  { lang: 'cs', viewport: { width: 360, height: 740 }, reauthWith: 'password' },
  { lang: 'en', reauthWith: 'passkey' },
];

for (const { lang, viewport, reauthWith } of LOCALES) {
  test.describe(`the security page in ${lang}${viewport ? ` at ${viewport.width} px` : ''}`, () => {
    test.use({ lang, ...(viewport ? { viewport } : {}) });

    test(`a passkey registered after sign-in is listed, renamed and removed after the ${reauthWith} again; it then signs in no more`, async ({
      page,
      context,
      baseURL,
      user,
    }) => {
      test.setTimeout(JOURNEY_TIMEOUT_MS);
      const authenticator = await addVirtualAuthenticator(page);
      await recordAnnouncements(page);
      const t = (id: string, values?: Record<string, string | number>) => text(lang, id, values);
      // Sign in as a person does, and accept the passkey offer.
      const login = loginScreen(page, lang);
      await login.open();
      await typeAsPerson(login.email, user.email);
      await typeAsPerson(login.password, user.password);
      const since = Date.now();
      await page.keyboard.press('Enter');
      const pin = pinScreen(page, lang);
      await expect(pin.heading).toBeVisible();
      await typeAsPerson(pin.code, pinFrom(await waitForMail(user.email, { since, match: isPinMail })));
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: t('signIn.passkeyOffer.activate'), exact: true }).click();
      await expect(page.getByRole('button', { name: t('legacy.signOut') })).toBeVisible();
      expect(await authenticator.credentials()).toHaveLength(1);

      const security = securityPage(page, lang);
      await security.openFromDefaultPage();
      await expect(
        security.passkeys.getByRole('button', { name: t('security.passkeys.rename'), exact: false }),
      ).toHaveCount(1);
      await expect(security.sessions.getByText(t('security.sessions.thisSession'))).toBeVisible();
      await expect(
        security.signIns.getByText(new RegExp(`${t('security.signIns.method.passwordPin')}$`)),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      // Rename, by keyboard.
      const rename = security.passkeys.getByRole('button', { name: new RegExp(`^${t('security.passkeys.rename')} `) });
      await tabTo(page, rename);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t('security.passkeys.renameTitle') });
      const name = dialog.getByLabel(t('security.passkeys.nameLabel'));
      await expect(name).toBeFocused();
      await clearAsPerson(name);
      await typeAsPerson(name, 'Môj telefón');
      await page.keyboard.press('Enter');
      await expect(security.passkeys.getByText('Môj telefón', { exact: true })).toBeVisible();
      await expect
        .poll(() => announcements(page, 'polite'))
        .toContain(t('security.passkeys.renamed', { name: 'Môj telefón' }));

      // The password was proven over 5 minutes ago: the removal asks for it again.
      expect(ageSessionProof(user.email, 6)).toBeGreaterThan(0);
      const remove = security.passkeys.getByRole('button', {
        name: t('security.passkeys.removeNamed', { name: 'Môj telefón' }),
      });
      await tabTo(page, remove);
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: t('security.passkeys.removeTitle') });
      await confirm.getByRole('button', { name: t('security.passkeys.remove'), exact: true }).click();
      const reauth = page.getByRole('dialog', { name: t('security.reauth.title') });
      const password = reauth.getByLabel(t('security.reauth.password'), { exact: true });
      await expect(password).toBeFocused();
      if (reauthWith === 'password') {
        await typeAsPerson(password, user.password);
        await page.keyboard.press('Enter');
      } else {
        const proven = page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/account/reauth/passkey',
        );
        await reauth.getByRole('button', { name: t('security.reauth.usePasskey') }).click();
        expect(await (await proven).json()).toEqual({ status: 'ok' });
      }
      await expect(security.passkeys.getByText(t('security.passkeys.empty'))).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t('security.passkeys.heading') })).toBeFocused();
      await expect
        .poll(() => announcements(page, 'polite'))
        .toContain(t('security.passkeys.removed', { named: 'yes', name: 'Môj telefón' }));

      // The authenticator still holds the key; the server no longer accepts it. A browser that
      // remembers nothing signs in by autofill on its own: refused, and nobody is signed in.
      expect(await authenticator.credentials()).toHaveLength(1);
      await context.clearCookies();
      await context.addCookies([{ name: 'gh_lang', value: lang, url: baseURL ?? '' }]);
      const refused = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/webauthn/get',
      );
      await page.goto('/signin/');
      expect(await (await refused).json()).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
      await expect(login.heading).toBeVisible();
      expect(await (await page.request.get('/api/user/info')).json()).toMatchObject({ guest: true });
    });

    test('a trusted device revoked on the page asks for the PIN at the next password sign-in', async ({
      page,
      user,
    }) => {
      await recordAnnouncements(page);
      await signInWithApi(page, user, { rememberDevice: true });
      const security = securityPage(page, lang);
      const { t } = security;
      await security.openFromDefaultPage();
      await expect(security.devices.getByText(t('security.devices.thisDevice'))).toBeVisible();
      // This device's button says it is this device.
      const revoke = security.devices.getByRole('button', {
        name: t('security.devices.revokeNamed', {
          name: t('security.signIns.thisDevice', { device: 'Chromium Linux' }),
        }),
        exact: true,
      });
      await tabTo(page, revoke);
      await page.keyboard.press('Enter');
      await expect(security.devices.getByText(t('security.devices.empty'))).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t('security.devices.heading') })).toBeFocused();
      await expect
        .poll(() => announcements(page, 'polite'))
        .toContain(t('security.devices.revoked', { name: 'Chromium Linux' }));

      // Back to the default page, sign out, sign in again with the password: the PIN is asked.
      await page.getByRole('link', { name: t('security.back') }).click();
      await page.getByRole('button', { name: t('legacy.signOut') }).click();
      const remembered = rememberedScreens(page, lang);
      await expect(remembered.password).toBeVisible();
      await typeAsPerson(remembered.password, user.password);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('signIn.pin.title'));
    });

    test('"sign out all other sessions" leaves the other browser a guest', async ({ page, browser, baseURL, user }) => {
      await inAnotherBrowser(browser, { baseURL: baseURL ?? E2E_BASE_URL, lang }, async (other) => {
        await signInWithApi(other, user);
        await signInWithApi(page, user);
        await recordAnnouncements(page);
        const security = securityPage(page, lang);
        const { t } = security;
        await security.openFromDefaultPage();
        await expect(security.sessions.getByRole('listitem')).toHaveCount(2);
        const signOutOthers = page.getByRole('button', { name: t('security.sessions.signOutOthers') });
        await tabTo(page, signOutOthers);
        await page.keyboard.press('Enter');
        await expect(security.sessions.getByText(t('security.sessions.onlyHere'))).toBeVisible();
        await expect(security.sessions.getByRole('listitem')).toHaveCount(1);
        await expect.poll(() => announcements(page, 'polite')).toContain(t('security.sessions.othersEnded'));
        await expectNoAxeViolations(page);

        // The other browser is a guest: its default page sends it to sign in.
        await other.goto('/');
        await expect(other).toHaveURL(/\/signin\//);
        expect(await (await other.request.get('/api/user/info')).json()).toMatchObject({ guest: true });
        // This one is still signed in.
        expect(await (await page.request.get('/api/user/info')).json()).toMatchObject({ guest: false });
      });
    });

    test('the password is changed from the page: a mailed link, the new password, and the old one signs in no more', async ({
      page,
      user,
    }) => {
      test.setTimeout(JOURNEY_TIMEOUT_MS);
      await recordAnnouncements(page);
      await signInWithApi(page, user);
      const security = securityPage(page, lang);
      const { t } = security;
      await security.openFromDefaultPage();
      // The advice under the latest sign-ins leads here, on this page.
      await expect(security.signIns.getByText(t('security.signIns.notYou'))).toBeVisible();
      await expect(security.password.getByText(t('security.password.text', { email: user.email }))).toBeVisible();
      const send = security.password.getByRole('button', { name: t('security.password.send'), exact: true });
      await tabTo(page, send);
      const since = Date.now();
      await page.keyboard.press('Enter');
      const sent = `${t('security.password.sent', { email: user.email })} ${t('security.password.validity', { minutes: 60 })}`;
      await expect(security.password.getByText(sent)).toBeVisible();
      await expect.poll(() => announcements(page, 'polite')).toContain(sent);
      await expect(send).toBeFocused();
      await expectNoAxeViolations(page);

      const mail = await waitForMail(user.email, {
        since,
        match: (m) => m.text.includes('/signin/reset-password?token='),
      });
      await page.goto(linkFrom(mail, '/signin/reset-password'));
      await expect(page.getByText(t('setPassword.account', { email: user.email }))).toBeVisible();
      const newPassword = 'Nove-Heslo-2027';
      await typeAsPerson(page.getByLabel(t('setPassword.password'), { exact: true }), newPassword);
      await typeAsPerson(page.getByLabel(t('setPassword.password2'), { exact: true }), newPassword);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: t('reset.changed.title') })).toBeVisible();

      // The reset signed the account out here too; the old password is refused, the new one asks for the PIN.
      expect(await (await page.request.get('/api/user/info')).json()).toMatchObject({ guest: true });
      const old = await page.request.post('/api/user/login', {
        headers: { origin: E2E_BASE_URL, accept: 'application/json' },
        data: { username: user.email, password: user.password },
      });
      expect(await old.json()).toMatchObject({ status: 'failed', reasons: ['invalid_credentials'] });
      const fresh = await page.request.post('/api/user/login', {
        headers: { origin: E2E_BASE_URL, accept: 'application/json' },
        data: { username: user.email, password: newPassword },
      });
      expect(await fresh.json()).toMatchObject({ status: 'requested_pin_code' });
    });

    test('a guest opening the page signs in first and comes back to it', async ({ page }) => {
      const guest = await createUser({ language: lang });
      await page.goto('/signin/security');
      const login = loginScreen(page, lang);
      await expect(login.email).toBeVisible();
      await expect(page).toHaveURL(/\/signin\/\?redirect=%2Fsignin%2Fsecurity$/);
      await typeAsPerson(login.email, guest.email);
      await typeAsPerson(login.password, guest.password);
      const since = Date.now();
      await page.keyboard.press('Enter');
      const pin = pinScreen(page, lang);
      await typeAsPerson(pin.code, pinFrom(await waitForMail(guest.email, { since, match: isPinMail })));
      await page.keyboard.press('Enter');
      const t = (id: string) => text(lang, id);
      const later = page.getByRole('button', { name: t('signIn.passkeyOffer.askLater') });
      const heading = page.getByRole('heading', { level: 1, name: t('security.title') });
      await expect(later.or(heading)).toBeVisible();
      if (await later.isVisible()) await later.click();
      await expect(heading).toBeVisible();
    });
  });
}

test.describe('two sessions of one browser, in sk at 360 px', () => {
  test.use({ lang: 'sk', viewport: { width: 360, height: 740 } });

  test('each sign-out button names its own session by its last activity, and signs out that one only', async ({
    page,
    browser,
    baseURL,
    user,
  }) => {
    const options = { baseURL: baseURL ?? E2E_BASE_URL, lang: 'sk' as const };
    await inAnotherBrowser(browser, options, async (first) => {
      await signInWithApi(first, user);
      // The first one was last active five minutes ago: the list tells the two apart by that.
      expect(ageSessionActivity(user.email, 5)).toBe(1);
      await inAnotherBrowser(browser, options, async (second) => {
        await signInWithApi(second, user);
        await signInWithApi(page, user);
        await recordAnnouncements(page);
        const security = securityPage(page, 'sk');
        const { t } = security;
        await security.openFromDefaultPage();
        const items = security.sessions.getByRole('listitem');
        await expect(items).toHaveCount(3);
        // The same browser everywhere: the rows show one name, the buttons tell them apart.
        const buttons = items.getByRole('button');
        await expect(buttons).toHaveCount(2);
        const rows = await items.evaluateAll((lis) =>
          lis.map((li) => ({
            name: li.querySelector('span')?.firstChild?.textContent ?? '',
            text: li.textContent ?? '',
            button: li.querySelector('button')?.getAttribute('aria-label') ?? null,
          })),
        );
        const others = rows.filter((row) => row.button !== null);
        expect(new Set(rows.map((row) => row.name)).size).toBe(1);
        const lastActive = t('security.sessions.lastActive', { date: '' });
        for (const row of others) {
          // The row's date holds its parts together with no-break spaces; the button's name says it plainly.
          const date = row.text
            .slice(row.text.indexOf(lastActive) + lastActive.length)
            .split(t('security.sessions.signedIn', { date: '' }))[0]!
            .replace(/\u00a0/g, ' ');
          expect(row.button).toBe(
            t('security.sessions.signOutNamed', {
              name: t('security.sessions.nameAndActivity', { name: row.name, date }),
            }),
          );
        }
        expect(others[0]!.button).not.toBe(others[1]!.button);

        // By keyboard, the second of the other sessions: it goes, the other one stays signed in.
        const target = page.getByRole('button', { name: others[1]!.button!, exact: true });
        await tabTo(page, target);
        await page.keyboard.press('Enter');
        await expect(items).toHaveCount(2);
        await expect(page.getByRole('heading', { level: 2, name: t('security.sessions.heading') })).toBeFocused();
        await expect
          .poll(() => announcements(page, 'polite'))
          .toContain(t('security.sessions.ended', { name: others[1]!.name }));
        // Its name is now the list's only one of its kind: the button says the name alone.
        await expect(buttons).toHaveCount(1);
        await expect(buttons).toHaveAccessibleName(t('security.sessions.signOutNamed', { name: others[0]!.name }));
        await expectNoAxeViolations(page);
        const guestNow = async (other: Page) =>
          ((await (await other.request.get('/api/user/info')).json()) as { guest: boolean }).guest;
        const states = [await guestNow(first), await guestNow(second)];
        expect(states.sort()).toEqual([false, true]);
      });
    });
  });
});

test.describe('a passkey added from the page, in sk at 360 px', () => {
  test.use({ lang: 'sk', viewport: { width: 360, height: 740 } });

  test('a person signed in long ago adds one after the password, mistyped once, and then signs in with it', async ({
    page,
    context,
    baseURL,
    user,
  }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    const authenticator = await addVirtualAuthenticator(page);
    await signInWithApi(page, user);
    // Signed in 16 minutes ago: too long ago to add a passkey without the password again.
    expect(ageSessionProof(user.email, 16)).toBeGreaterThan(0);
    await recordAnnouncements(page);
    const security = securityPage(page, 'sk');
    const { t } = security;
    await security.openFromDefaultPage();
    await expect(security.passkeys.getByText(t('security.passkeys.empty'))).toBeVisible();
    await expectNoAxeViolations(page);

    const add = security.passkeys.getByRole('button', { name: t('security.passkeys.add') });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const reauth = page.getByRole('dialog', { name: t('security.reauth.title') });
    await expect(reauth).toHaveAccessibleDescription(t('security.reauth.textAdd'));
    const password = reauth.getByLabel(t('security.reauth.password'), { exact: true });
    await expect(password).toBeFocused();
    await expectNoAxeViolations(page);
    expect(await authenticator.credentials()).toHaveLength(0);

    // One key left out, as a person might; then the whole password typed again.
    await typeAsPerson(password, user.password.slice(0, -1));
    await page.keyboard.press('Enter');
    await expect(reauth.getByText(t('security.reauth.wrong'))).toBeVisible();
    await expect(password).toBeFocused();
    await clearAsPerson(password);
    await typeAsPerson(password, user.password);
    await expect(password).toHaveValue(user.password);
    await page.keyboard.press('Enter');

    await expect(reauth).toBeHidden();
    await expect(
      security.passkeys.getByRole('button', { name: new RegExp(`^${t('security.passkeys.rename')} `) }),
    ).toHaveCount(1);
    await expect.poll(() => announcements(page, 'polite')).toContain(t('security.passkeys.added'));
    await expect(add).toBeFocused();
    expect(await authenticator.credentials()).toHaveLength(1);

    // The new passkey signs in: a browser that remembers nothing is signed in by the autofill.
    await context.clearCookies();
    await context.addCookies([{ name: 'gh_lang', value: 'sk', url: baseURL ?? '' }]);
    const signedIn = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/webauthn/get',
    );
    // The autofill sign-in navigates on its own: wait only for the page to start, then for the
    // default page, so that the test ends on a settled page and not in the middle of a navigation.
    await page.goto('/signin/', { waitUntil: 'commit' });
    expect(await (await signedIn).json()).toMatchObject({ status: 'ok' });
    await expect(defaultPage(page, 'sk').signedInAs(`${user.firstName} ${user.surname}`, user.email)).toBeVisible();
  });
});
