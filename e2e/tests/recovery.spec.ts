import {
  admin,
  adminProcess,
  createUser,
  expect,
  expectNoAxeViolations,
  inAnotherBrowser,
  linkFrom,
  renderInBrowser,
  test,
  text,
  waitForMail,
} from '../fixtures.ts';
import type { Locale } from '../fixtures.ts';
import { JOURNEY_TIMEOUT_MS, expectScreen, focused, shown, tabTo, typeAsPerson } from '../people.ts';
import { defaultPage, loginScreen } from '../screens/login-screen.ts';
import { passOfferIfShown, pinScreen, signInWithPin } from '../screens/pin-screen.ts';

const t = (id: string, values?: Record<string, string>) => text('en', id, values);
const NEW_PASSWORD = 'Fresh-Start-2026';

test.describe('forgotten password', () => {
  test('forgot password → mail → link → new password → sign in with it', async ({ page, user, browser, baseURL }) => {
    test.setTimeout(JOURNEY_TIMEOUT_MS);
    await loginScreen(page).open();
    await page
      .getByRole('button', { name: t('signIn.login.forgotPassword') })
      .or(page.getByRole('link', { name: t('signIn.login.forgotPassword') }))
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('signIn.forgot.title') })).toBeVisible();
    await expectNoAxeViolations(page);

    const since = Date.now();
    await page.getByLabel(t('signIn.forgot.email'), { exact: true }).fill(user.email);
    await page.getByRole('button', { name: t('signIn.forgot.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('signIn.resetSent.title') })).toBeVisible();
    await expectNoAxeViolations(page);

    const mail = await waitForMail(user.email, {
      since,
      match: (m) => m.text.includes('/signin/reset-password?token='),
    });
    await page.goto(linkFrom(mail, '/signin/reset-password'));
    await expect(page.getByRole('heading', { level: 1, name: t('reset.title') })).toBeVisible();
    // The page says which account, and gives it to the password manager as the username.
    await expect(page.getByText(t('setPassword.account', { email: user.email }))).toBeVisible();
    await expect(page.locator('form input[autocomplete="username"]')).toHaveValue(user.email);
    await expectNoAxeViolations(page);

    // The new-password rules first: a weak password and a mismatch are refused in the form.
    await page.getByLabel(t('setPassword.password'), { exact: true }).fill('weakpass');
    await page.getByLabel(t('setPassword.password2'), { exact: true }).fill('different');
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(page.getByText(t('validation.weakPassword'))).toBeVisible();
    await expect(page.getByText(t('validation.passwordsDoNotMatch'))).toBeVisible();
    // The field the server rendered still names its rule beside its message: the browser's ids are the server's.
    await expect(page.getByLabel(t('setPassword.password'), { exact: true })).toHaveAccessibleDescription(
      `${t('setPassword.rules')} ${t('validation.weakPassword')}`,
    );
    await expectNoAxeViolations(page);

    await page.getByLabel(t('setPassword.password'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t('setPassword.password2'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('reset.changed.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('reset.changed.proceed') }).click();

    // The login form starts with the account the link was for: only the new password is typed.
    const login = loginScreen(page);
    await expect(login.email).toHaveValue(user.email);
    const pinSince = await login.passwordByKeyboard(NEW_PASSWORD);
    const pin = pinScreen(page);
    await expect(pin.heading).toBeVisible();
    await pin.enterMailedPin({ ...user, password: NEW_PASSWORD }, pinSince);
    await passOfferIfShown(page);
    await expect(page.getByRole('button', { name: t('legacy.signOut') })).toBeVisible();

    // The link was single use: another browser is told it has expired (this one, that the password
    // was changed: the test below).
    await inAnotherBrowser(browser, { baseURL: baseURL ?? '', lang: 'en' }, async (other) => {
      await other.goto(linkFrom(mail, '/signin/reset-password'));
      await expect(other.getByRole('heading', { level: 1, name: t('reset.expired.title') })).toBeVisible();
    });
  });

  test('a common password is refused with its own message', async ({ page, user }) => {
    await loginScreen(page).open();
    const since = Date.now();
    await page
      .getByRole('button', { name: t('signIn.login.forgotPassword') })
      .or(page.getByRole('link', { name: t('signIn.login.forgotPassword') }))
      .click();
    await page.getByLabel(t('signIn.forgot.email'), { exact: true }).fill(user.email);
    await page.getByRole('button', { name: t('signIn.forgot.submit') }).click();
    const mail = await waitForMail(user.email, {
      since,
      match: (m) => m.text.includes('/signin/reset-password?token='),
    });
    await page.goto(linkFrom(mail, '/signin/reset-password'));
    // Passes the new-password rule (8+, upper, lower, digit) but is on the common-password list.
    await page.getByLabel(t('setPassword.password'), { exact: true }).fill('Password1');
    await page.getByLabel(t('setPassword.password2'), { exact: true }).fill('Password1');
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(page.getByText(t('validation.commonPassword'))).toBeVisible();
  });

  test('an invalid link → expired page → new link by mail → new password', async ({ page, user }) => {
    await page.goto('/signin/reset-password?token=not-a-real-token');
    await expect(page.getByRole('heading', { level: 1, name: t('reset.expired.title') })).toBeVisible();
    await expect(page.getByText(t('reset.expired.body'))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t('reset.expired.newToken') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('reset.newToken.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    const since = Date.now();
    await page.getByLabel(t('reset.newToken.email'), { exact: true }).fill(user.email);
    await page.getByRole('button', { name: t('reset.newToken.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('reset.newTokenSent.title') })).toBeVisible();
    // How long the new link works, as the server under test is configured (RESET_TOKEN_TTL_MINUTES, 60).
    await expect(shown(page, `${t('reset.newTokenSent.body')} The link is valid for 60 minutes.`)).toBeVisible();
    await expectNoAxeViolations(page);

    const mail = await waitForMail(user.email, {
      since,
      match: (m) => m.text.includes('/signin/reset-password?token='),
    });
    await page.goto(linkFrom(mail, '/signin/reset-password'));
    await page.getByLabel(t('setPassword.password'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t('setPassword.password2'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('reset.changed.title') })).toBeVisible();
  });

  test('a reset unblocks an account blocked after wrong PINs', async ({ page, user }) => {
    const login = loginScreen(page);
    await login.open();
    await login.signIn(user.email, user.password);
    const pin = pinScreen(page);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await pin.code.fill('ZZZZZZ');
      await pin.submit.click();
      if (attempt < 5) await expect(pin.invalid).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 1, name: t('signIn.blocked.title') })).toBeVisible();
    const since = Date.now();
    await page.getByRole('button', { name: t('signIn.blocked.resetPassword') }).click();
    await expect(page.getByLabel(t('signIn.forgot.email'), { exact: true })).toHaveValue(user.email);
    await page.getByRole('button', { name: t('signIn.forgot.submit') }).click();
    const mail = await waitForMail(user.email, {
      since,
      match: (m) => m.text.includes('/signin/reset-password?token='),
    });
    await page.goto(linkFrom(mail, '/signin/reset-password'));
    await page.getByLabel(t('setPassword.password'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t('setPassword.password2'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('reset.changed.title') })).toBeVisible();
    await page.getByRole('button', { name: t('reset.changed.proceed') }).click();
    await loginScreen(page).open();
    await signInWithPin(page, { ...user, password: NEW_PASSWORD });
  });
});

test.describe('finishing registration', () => {
  test('an invitation from the CLI → mail → welcome → password → pair device → signed in', async ({ page }) => {
    const email = `invited-${Date.now().toString(36)}@example.test`;
    const since = Date.now();
    await admin('user', 'invite', '--email', email, '--first-name', 'Petra', '--surname', 'Malá', '--language', 'en');
    const mail = await waitForMail(email, { since, match: (m) => m.text.includes('/signin/accept-invitation?token=') });

    await page.goto(linkFrom(mail, '/signin/accept-invitation'));
    await expect(page.getByRole('heading', { level: 1, name: t('registration.welcome.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('registration.welcome.continue') }).click();

    await expect(page.getByRole('heading', { level: 1, name: t('registration.setPassword.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('registration.setPassword.submit') }).click();
    await expect(page.getByText(t('validation.weakPassword'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(t('setPassword.password'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t('setPassword.password2'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('registration.setPassword.submit') }).click();

    await expect(page.getByRole('heading', { level: 1, name: t('registration.pairDevice.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('registration.pairDevice.pair') }).click();
    // Registration ends with the passkey offer (this browser supports passkeys).
    await expect(page.getByRole('heading', { level: 1, name: t('signIn.passkeyOffer.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await passOfferIfShown(page);
    await expect(defaultPage(page).signedInAs('Petra Malá', email)).toBeVisible();

    // The device was paired: the next sign-in asks for no PIN.
    await defaultPage(page).signOut.click();
    await page.getByLabel(t('signIn.login.password'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('signIn.login.submit'), exact: true }).click();
    await expect(defaultPage(page).signOut).toBeVisible();
    await admin('user', 'delete', '--email', email);
  });

  test('an invalid invitation link → expired page → new link → mail', async ({ page }) => {
    const email = `reinvited-${Date.now().toString(36)}@example.test`;
    await admin('user', 'invite', '--email', email, '--language', 'en');
    await page.goto('/signin/accept-invitation?token=used-or-expired');
    await expect(page.getByRole('heading', { level: 1, name: t('registration.expired.title') })).toBeVisible();
    await expect(page.getByText(t('registration.expired.body'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('registration.expired.newToken') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('registration.newToken.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    const since = Date.now();
    await page.getByLabel(t('registration.newToken.email'), { exact: true }).fill(email);
    await page.getByRole('button', { name: t('registration.newToken.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('registration.newTokenSent.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    const mail = await waitForMail(email, { since, match: (m) => m.text.includes('/signin/accept-invitation?token=') });
    await page.goto(linkFrom(mail, '/signin/accept-invitation'));
    await expect(page.getByRole('heading', { level: 1, name: t('registration.welcome.title') })).toBeVisible();
    await admin('user', 'delete', '--email', email);
  });
});

for (const lang of ['sk', 'cs'] as const satisfies readonly Locale[]) {
  test.describe(`a registration reloaded after the password, keyboard only, in ${lang} at 360 px`, () => {
    test.use({ lang, viewport: { width: 360, height: 740 } });
    const tr = (id: string, values?: Record<string, string>) => text(lang, id, values);

    test('the reload and the mail opened again go on signed in, not to an expired link', async ({ page }) => {
      const email = `reloaded-${lang}-${Date.now().toString(36)}@example.test`;
      const since = Date.now();
      await admin('user', 'invite', '--email', email, '--first-name', 'Petra', '--surname', 'Malá', '--language', lang);
      try {
        const mail = await waitForMail(email, {
          since,
          match: (m) => m.text.includes('/signin/accept-invitation?token='),
        });
        const link = linkFrom(mail, '/signin/accept-invitation');
        await page.goto(link);
        await expect(page.getByRole('heading', { level: 1, name: tr('registration.welcome.title') })).toBeVisible();
        const welcome = page.getByRole('button', { name: tr('registration.welcome.continue') });
        await tabTo(page, welcome, 15);
        await page.keyboard.press('Enter');
        await expectScreen(page, tr('registration.setPassword.title'));
        const password = page.getByLabel(tr('setPassword.password'), { exact: true });
        const password2 = page.getByLabel(tr('setPassword.password2'), { exact: true });
        await tabTo(page, password, 15);
        await typeAsPerson(password, NEW_PASSWORD);
        // Past the field's eye to the confirmation.
        await tabTo(page, password2, 4);
        await typeAsPerson(password2, NEW_PASSWORD);
        await page.keyboard.press('Enter');
        await expectScreen(page, tr('registration.pairDevice.title'));

        // The phone's browser reloads the tab (or the person does): signed in by the registration, on to the target.
        await page.reload();
        await expect(defaultPage(page, lang).signedInAs('Petra Malá', email)).toBeVisible();
        await expect(page.getByRole('heading', { name: tr('registration.expired.title') })).toHaveCount(0);
        // The invitation mail opened again: the same.
        await page.goto(link);
        await expect(defaultPage(page, lang).signedInAs('Petra Malá', email)).toBeVisible();
        // Signed out, the used link is expired, with its way to a new one.
        await defaultPage(page, lang).signOut.click();
        await expect(page.getByLabel(tr('signIn.login.password'), { exact: true })).toBeVisible();
        await page.goto(link);
        await expect(page.getByRole('heading', { level: 1, name: tr('registration.expired.title') })).toBeVisible();
        await expectNoAxeViolations(page);
      } finally {
        await admin('user', 'delete', '--email', email);
      }
    });
  });

  test.describe(`a password reset loaded again after the change, keyboard only, in ${lang} at 360 px`, () => {
    test.use({ lang, viewport: { width: 360, height: 740 } });
    test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });
    const tr = (id: string, values?: Record<string, string>) => text(lang, id, values);

    test('the reload and the mail opened again say the password was changed, not that the link expired', async ({
      page,
      browser,
      baseURL,
    }) => {
      const user = await createUser({ language: lang, firstName: 'Petra', surname: 'Malá' });
      const since = Date.now();
      const asked = await page.request.post('/api/user/forgotpassword', {
        headers: { origin: new URL(baseURL ?? '').origin },
        data: { email: user.email },
      });
      expect(asked.ok()).toBe(true);
      const mail = await waitForMail(user.email, {
        since,
        match: (m) => m.text.includes('/signin/reset-password?token='),
      });
      const link = linkFrom(mail, '/signin/reset-password');
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: tr('reset.title') })).toBeVisible();
      const password = page.getByLabel(tr('setPassword.password'), { exact: true });
      const password2 = page.getByLabel(tr('setPassword.password2'), { exact: true });
      await tabTo(page, password, 15);
      await typeAsPerson(password, NEW_PASSWORD);
      await tabTo(page, password2, 4);
      // A slip in the confirmation first: the form says so and puts focus on it.
      await typeAsPerson(password2, `${NEW_PASSWORD.slice(0, -1)}7`);
      await page.keyboard.press('Enter');
      await expect(shown(page, tr('validation.passwordsDoNotMatch'))).toBeVisible();
      await expect(password2).toBeFocused();
      await password2.press('ControlOrMeta+a');
      await typeAsPerson(password2, NEW_PASSWORD);
      await expect(password2).toHaveValue(NEW_PASSWORD);
      await page.keyboard.press('Enter');
      await expectScreen(page, tr('reset.changed.title'));

      // The phone's browser reloads the tab: the same confirmation, not an expired link.
      const changed = page.getByRole('heading', { level: 1, name: tr('reset.changed.title') });
      await page.reload();
      await expect(changed).toBeVisible();
      await expect(page.getByRole('heading', { name: tr('reset.expired.title') })).toHaveCount(0);
      await expectNoAxeViolations(page);
      // The mail's link opened again: the same.
      await page.goto(link);
      await expect(changed).toBeVisible();
      // On to sign in from there, by keyboard, with the new password.
      const proceed = page.getByRole('button', { name: tr('reset.changed.proceed') });
      await tabTo(page, proceed, 15);
      await page.keyboard.press('Enter');
      await expectScreen(page, tr('signIn.login.title'));
      const email = page.getByLabel(tr('signIn.login.email'), { exact: true });
      await tabTo(page, email, 15);
      await typeAsPerson(email, user.email);
      await page.keyboard.press('Tab');
      await typeAsPerson(page.getByLabel(tr('signIn.login.password'), { exact: true }), NEW_PASSWORD);
      await page.keyboard.press('Enter');
      // The new password is the one: on to the mailed PIN.
      await expectScreen(page, tr('signIn.pin.title'));

      // Another browser with the same link: used, so expired, with its way to a new one.
      await inAnotherBrowser(browser, { baseURL: baseURL ?? '', lang }, async (other) => {
        await other.goto(link);
        await expect(other.getByRole('heading', { level: 1, name: tr('reset.expired.title') })).toBeVisible();
      });
    });
  });

  test.describe(`a link checked while the server is busy, keyboard only, in ${lang} at 360 px`, () => {
    test.use({ lang, viewport: { width: 360, height: 740 } });
    const tr = (id: string, values?: Record<string, string>) => text(lang, id, values);

    test('the page says the link could not be checked; "Check the link again" checks it again', async ({ page }) => {
      const email = `busy-check-${lang}-${Date.now().toString(36)}@example.test`;
      const since = Date.now();
      await admin('user', 'invite', '--email', email, '--first-name', 'Petra', '--surname', 'Malá', '--language', lang);
      const mail = await waitForMail(email, {
        since,
        match: (m) => m.text.includes('/signin/accept-invitation?token='),
      });
      // The app checks the link itself (as with a bot check configured), and the first check meets a busy server.
      await renderInBrowser(page);
      let checks = 0;
      await page.route(
        (url) => url.pathname === '/api/token/info',
        async (route) => {
          checks += 1;
          if (checks > 1) return route.fallback();
          return route.fulfill({
            status: 503,
            headers: { 'Retry-After': '2' },
            contentType: 'application/json',
            body: JSON.stringify({ status: 'failed', reasons: ['service_busy'] }),
          });
        },
      );
      try {
        await page.goto(linkFrom(mail, '/signin/accept-invitation'));
        const title = page.getByRole('heading', { level: 1, name: tr('recovery.checkFailed.title') });
        await expect(title).toBeVisible();
        await expect(page).toHaveTitle(
          tr('app.pageTitle', { screen: tr('recovery.pageTitle.checkFailed'), app: tr('app.title') }),
        );
        await expect(shown(page, tr('recovery.checkFailed.body'))).toBeVisible();
        await expect(shown(page, tr('app.snackbar.serviceBusy'))).toBeVisible();
        await expectNoAxeViolations(page);

        // Keyboard only: the first button Tab reaches is "Check the link again", the next the way back.
        const retry = page.getByRole('button', { name: tr('recovery.checkFailed.retry') });
        const close = page.getByRole('button', { name: tr('registration.expired.close') });
        for (let presses = 0; presses < 15 && (await focused(page)).tag !== 'button'; presses += 1)
          await page.keyboard.press('Tab');
        await expect(retry, JSON.stringify(await focused(page))).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(close).toBeFocused();
        await page.keyboard.press('Shift+Tab');
        await expect(retry).toBeFocused();
        await page.keyboard.press('Enter');

        // The real server checks the live link: the welcome page, its heading focused.
        await expectScreen(page, tr('registration.welcome.title'));
        expect(checks).toBe(2);
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: tr('registration.welcome.continue') })).toBeFocused();
        await page.keyboard.press('Enter');
        await expectScreen(page, tr('registration.setPassword.title'));
      } finally {
        await admin('user', 'delete', '--email', email);
      }
    });
  });
}

test('the operator erases an account with the CLI, started as its own process', async () => {
  const user = await createUser();
  expect(await admin('user', 'list')).toContain(user.email);
  expect(await adminProcess('user', 'delete', '--email', user.email)).toBe(`Deleted ${user.email}.\n`);
  expect(await admin('user', 'list')).not.toContain(user.email);
});
