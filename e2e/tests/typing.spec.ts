// People type key by key, make mistakes and type again; they move with the keyboard; they use
// small phones and Slovak or Czech. Every form of every flow, as they do it: the whole value
// stays, focus is where they are, and after every screen change focus is not lost to <body>.
import type { Page } from '@playwright/test';
import {
  admin,
  createUser,
  expect,
  expectNoAxeViolations,
  isPinMail,
  linkFrom,
  pinFrom,
  signInAndOutWithApi,
  test,
  waitForMail,
  type Locale,
  type TestUser,
} from '../fixtures.ts';
import {
  clearAsPerson,
  expectFocusNotLost,
  expectScreen,
  expectToldOnce,
  focused,
  JOURNEY_TIMEOUT_MS,
  recordAnnouncements,
  settled,
  shown,
  tabTo,
  textsOf,
  typeAsPerson,
} from '../people.ts';
import { loginScreen } from '../screens/login-screen.ts';
import { pinScreen, rememberedScreens } from '../screens/pin-screen.ts';

// Typing at a person's pace, a mailed PIN and several screens: a journey's time-out.
test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/**
 * Signed in by keyboard up to the PIN step, focus moved into the code with Tab; the PIN mailed, and
 * the bodies of every code sent from then on (recorded as the browser sends them).
 */
async function toPinFieldByKeyboard(page: Page, lang: Locale, user: TestUser) {
  await recordAnnouncements(page);
  const pinCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/pincode')
      pinCalls.push(request.postData() ?? '');
  });
  await page.goto('/signin/');
  const since = await loginScreen(page, lang).signInByKeyboard(user.email, user.password);
  await expectScreen(page, textsOf(lang)('signIn.pin.title'));
  const code = pinScreen(page, lang).code;
  const pin = pinFrom(await waitForMail(user.email, { since, match: isPinMail }));
  await tabTo(page, code, 10);
  return { pinCalls, code, pin };
}

/** Back on the login form with the e-mail in place: the password, empty, typed by keyboard; on to the PIN step. */
async function passwordThenPin(page: Page, t: (id: string) => string, user: { password: string }): Promise<void> {
  const password = page.getByLabel(t('signIn.login.password'), { exact: true });
  await expect(password).toHaveValue('');
  await tabTo(page, password, 10);
  await typeAsPerson(password, user.password);
  await expect(password).toHaveValue(user.password);
  await page.keyboard.press('Enter');
  await expectScreen(page, t('signIn.pin.title'));
}

const LOCALES: readonly { lang: Locale; viewport: { width: number; height: number } }[] = [
  { lang: 'sk', viewport: { width: 360, height: 740 } },
  { lang: 'en', viewport: { width: 1280, height: 800 } },
  { lang: 'cs', viewport: { width: 360, height: 740 } },
];

const NEW_PASSWORD = 'Fresh-Start-2026';

/** The document title of a screen: its short name, then the app's. */
function pageTitle(lang: Locale, screen: string | null): string {
  const t = textsOf(lang);
  return screen === null ? t('app.title') : t('app.pageTitle', { screen: t(screen), app: t('app.title') });
}

/** After PIN or registration: the passkey offer (Chromium has WebAuthn) or the default page. */
async function pastOffer(page: Page, lang: Locale) {
  const t = textsOf(lang);
  const signOut = page.getByRole('button', { name: t('legacy.signOut') });
  const askLater = page.getByRole('button', { name: t('signIn.passkeyOffer.askLater') });
  await expect(signOut.or(askLater)).toBeVisible();
  if (await askLater.isVisible()) {
    await expect(page.getByRole('heading', { level: 1, name: t('signIn.passkeyOffer.title') })).toBeFocused();
    await expect(page).toHaveTitle(pageTitle(lang, 'signIn.passkeyOffer.pageTitle'));
    await askLater.click();
  }
  await expect(signOut).toBeVisible();
}

/** Signs in with the keyboard-typed password and the mailed PIN; ends signed in on the default page. */
async function signInTyping(page: Page, lang: Locale, user: TestUser, { emailInPlace = false } = {}) {
  const t = textsOf(lang);
  const email = page.getByLabel(t('signIn.login.email'), { exact: true });
  const password = page.getByLabel(t('signIn.login.password'), { exact: true });
  if (emailInPlace) await expect(email).toHaveValue(user.email);
  else {
    await email.click();
    await typeAsPerson(email, user.email);
  }
  await password.click();
  await typeAsPerson(password, user.password);
  const since = Date.now();
  await password.press('Enter');
  await expectScreen(page, t('signIn.pin.title'));
  const code = page.getByLabel(t('signIn.pin.label'), { exact: true });
  const mail = await waitForMail(user.email, { since, match: isPinMail });
  await code.click();
  await typeAsPerson(code, pinFrom(mail));
  await code.press('Enter');
  await pastOffer(page, lang);
}

/** What a PIN of another length is told, in the language's plural (a PIN has 6 characters). */
const PIN_LENGTH_MESSAGE: Record<Locale, string> = {
  en: 'The code has 6 characters. Check it in the e-mail.',
  sk: 'Kód má 6 znakov. Skontrolujte ho v e-maile.',
  cs: 'Kód má 6 znaků. Zkontrolujte ho v e-mailu.',
};

/** The link-sent page's last sentence with the server's default validity (RESET_TOKEN_TTL_MINUTES 60). */
const RESET_LINK_VALIDITY: Record<Locale, string> = {
  en: 'The link is valid for 60 minutes.',
  sk: 'Odkaz platí 60 minút.',
  cs: 'Odkaz platí 60 minut.',
};

for (const { lang, viewport } of LOCALES) {
  test.describe(`typing as people do, in ${lang} at ${viewport.width} px`, () => {
    test.use({ lang, viewport });
    const t = textsOf(lang);

    test('PIN: after a wrong code the person types the next one key by key and keeps every key', async ({
      page,
      user,
    }) => {
      await recordAnnouncements(page);
      await page.goto('/signin/');
      const email = page.getByLabel(t('signIn.login.email'), { exact: true });
      const password = page.getByLabel(t('signIn.login.password'), { exact: true });
      await expect(page).toHaveTitle(pageTitle(lang, null));
      // The page's first screen: focus stays where the page load put it.
      expect((await focused(page)).body).toBe(true);
      await email.click();
      // The e-mail as a person might type it, with capitals: the PIN page names the account's address.
      await typeAsPerson(email, user.email.toUpperCase());
      await password.click();
      await typeAsPerson(password, user.password);
      await expect(email).toHaveValue(user.email.toUpperCase());
      await expect(password).toHaveValue(user.password);
      const since = Date.now();
      await password.press('Enter');

      await expectScreen(page, t('signIn.pin.title'));
      await expect(page).toHaveTitle(pageTitle(lang, 'signIn.pin.pageTitle'));
      await expect(shown(page, t('signIn.pin.description', { email: user.email }))).toBeVisible();
      const code = page.getByLabel(t('signIn.pin.label'), { exact: true });
      const mail = await waitForMail(user.email, { since, match: isPinMail });
      const pin = pinFrom(mail);

      // A wrong code, sent with Enter from the field: focus stays there, so the mistake is announced, once.
      await code.click();
      await typeAsPerson(code, 'ZZZZZZ');
      await code.press('Enter');
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(await expectToldOnce(page, t('signIn.pin.invalid'))).toBe('announced');
      await expect(code).toBeFocused();
      await expectNoAxeViolations(page);

      // Back into the field, everything selected and deleted, a new code key by key: every key stays.
      await clearAsPerson(code);
      await typeAsPerson(code, 'ABCDE3');
      await expect(code).toHaveValue('ABCDE3');
      await expect(code).toBeFocused();

      // Ticking the box keeps focus on the box.
      const remember = page.getByRole('checkbox', { name: t('signIn.pin.rememberDevice') });
      await remember.click();
      await expect(remember).toBeChecked();
      await expect(remember).toBeFocused();
      // Once the page has rendered what the tick changed, focus is still on the box.
      await settled(page);
      await expect(remember).toBeFocused();

      // A second wrong code sent with the button: focus goes to the field, which says why.
      await page.getByRole('button', { name: t('signIn.pin.submit'), exact: true }).click();
      expect(await expectToldOnce(page, t('signIn.pin.invalid'))).toBe('focus');
      await expect(code).toBeFocused();

      // The real code, typed in small letters: shown in capitals, whole.
      await clearAsPerson(code);
      await typeAsPerson(code, pin.toLowerCase());
      await expect(code).toHaveValue(pin);
      await code.press('Enter');
      await pastOffer(page, lang);
    });

    test('PIN: Enter pressed before the whole code is told the length, sends nothing, and the rest typed signs in', async ({
      page,
      user,
    }) => {
      const { pinCalls, code, pin } = await toPinFieldByKeyboard(page, lang, user);

      // Half the code read from the mail, then Enter too early.
      await typeAsPerson(code, pin.slice(0, 3).toLowerCase());
      await page.keyboard.press('Enter');
      const length = PIN_LENGTH_MESSAGE[lang];
      await expect(shown(page, length)).toBeVisible();
      expect(await expectToldOnce(page, length)).toBe('announced');
      await expect(code).toBeFocused();
      await expect(code).toHaveValue(pin.slice(0, 3));
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);

      // The rest, key by key, where the caret was: the whole code, the message gone once it is whole.
      await typeAsPerson(code, pin.slice(3).toLowerCase());
      await expect(code).toHaveValue(pin);
      await expect(shown(page, length)).toHaveCount(0);
      await page.keyboard.press('Enter');
      await pastOffer(page, lang);
      // One call: the short code never left the browser, so it spent no attempt.
      expect(pinCalls).toHaveLength(1);
      expect(JSON.parse(pinCalls[0] ?? '{}')).toEqual({ pin_code: pin });
    });

    test('PIN: after a wrong code the person types the right one straight over it, without clearing, and signs in', async ({
      page,
      user,
    }) => {
      const { pinCalls, code, pin } = await toPinFieldByKeyboard(page, lang, user);

      // A misread code, sent with Enter: said once, focus stays, the code is kept (selected).
      const wrong = pin === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
      await typeAsPerson(code, wrong.toLowerCase());
      await page.keyboard.press('Enter');
      expect(await expectToldOnce(page, t('signIn.pin.invalid'))).toBe('announced');
      await expect(code).toBeFocused();
      await expect(code).toHaveValue(wrong);

      // The right code typed at once, key by key, with no clearing first: it replaces the wrong one.
      await typeAsPerson(code, pin.toLowerCase());
      await expect(code).toHaveValue(pin);
      await expect(code).toBeFocused();
      await expect(code).not.toHaveAttribute('aria-invalid', 'true');
      await page.keyboard.press('Enter');
      await pastOffer(page, lang);
      expect(pinCalls.map((body) => JSON.parse(body))).toEqual([{ pin_code: wrong }, { pin_code: pin }]);
    });

    test('a press on "Sign in" with the mouse from the empty password field is not lost: the form says what is missing', async ({
      page,
      user,
    }) => {
      await recordAnnouncements(page);
      let logins = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/login') logins += 1;
      });
      await page.goto('/signin/');
      const login = loginScreen(page, lang);
      await login.email.click();
      await typeAsPerson(login.email, user.email);
      // Into the password field, then straight to the button, as a hurried person does. The field's
      // message appears when it is left, above the button: the press must still count.
      await login.password.click();
      await login.submit.click();
      const missing = t('validation.enterField', { field: t('field.password') });
      await expect(shown(page, missing)).toBeVisible();
      await expect(login.password).toBeFocused();
      expect(await expectToldOnce(page, missing)).toBe('announced');
      expect(logins).toBe(0);

      // The password typed, the same press signs in.
      await typeAsPerson(login.password, user.password);
      await login.submit.click();
      await expectScreen(page, t('signIn.pin.title'));
      expect(logins).toBe(1);
    });

    test('"Forgot password?" and Cancel, keyboard only: the e-mail comes back to the login form as corrected there', async ({
      page,
      user,
    }) => {
      await page.goto('/signin/');
      const email = page.getByLabel(t('signIn.login.email'), { exact: true });
      await tabTo(page, email, 15);
      // A slip in the address, unseen until the forgot form shows it again.
      const slip = user.email.replace('@', 'x@');
      await typeAsPerson(email, slip);
      await tabTo(page, page.getByRole('button', { name: t('signIn.login.forgotPassword') }), 10);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('signIn.forgot.title'));
      const forgotEmail = page.getByLabel(t('signIn.forgot.email'), { exact: true });
      await expect(forgotEmail).toHaveValue(slip);
      // Corrected there key by key, then the person remembers the password after all: Cancel.
      await tabTo(page, forgotEmail, 10);
      await forgotEmail.press('ControlOrMeta+a');
      await typeAsPerson(forgotEmail, user.email);
      await expect(forgotEmail).toHaveValue(user.email);
      await tabTo(page, page.getByRole('button', { name: t('signIn.forgot.cancel') }), 5);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('signIn.login.title'));
      // The login form has the corrected address, whole; the password is still to be typed.
      await expect(email).toHaveValue(user.email);
      await passwordThenPin(page, t, user);
    });

    test("the browser's Back on the forgot form and on its confirmation returns to the login form with the e-mail", async ({
      page,
      user,
    }) => {
      await page.goto('/signin/');
      const email = page.getByLabel(t('signIn.login.email'), { exact: true });
      const forgot = page.getByRole('button', { name: t('signIn.login.forgotPassword') });
      await tabTo(page, email, 15);
      await typeAsPerson(email, user.email);
      await tabTo(page, forgot, 10);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('signIn.forgot.title'));
      // Back (the phone's back key): the login form, not the page before the sign-in.
      await page.goBack();
      await expectScreen(page, t('signIn.login.title'));
      await expect(page).toHaveURL(/\/signin\/$/);
      await expect(email).toHaveValue(user.email);

      // This time the link is sent; Back on the confirmation returns to the login form too.
      await tabTo(page, forgot, 10);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('signIn.forgot.title'));
      await tabTo(page, page.getByRole('button', { name: t('signIn.forgot.submit') }), 5);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('signIn.resetSent.title'));
      await page.goBack();
      await expectScreen(page, t('signIn.login.title'));
      await expect(email).toHaveValue(user.email);
      await passwordThenPin(page, t, user);
    });

    test('login form reached from another screen: a mistake, then every key of the e-mail and password stays', async ({
      page,
      user,
    }) => {
      await recordAnnouncements(page);
      await page.goto('/signin/');
      await page.getByRole('button', { name: t('signIn.login.forgotPassword') }).click();
      await expectScreen(page, t('signIn.forgot.title'));
      await expect(page).toHaveTitle(pageTitle(lang, 'signIn.forgot.pageTitle'));
      await page.getByRole('button', { name: t('signIn.forgot.cancel') }).click();
      await expectScreen(page, t('signIn.login.title'));

      // Enter in the empty e-mail field: the person is in it, so the message is announced.
      const email = page.getByLabel(t('signIn.login.email'), { exact: true });
      const password = page.getByLabel(t('signIn.login.password'), { exact: true });
      await email.click();
      await email.press('Enter');
      expect(await expectToldOnce(page, t('validation.enterField', { field: t('field.email') }))).toBe('announced');
      await expect(email).toBeFocused();
      await typeAsPerson(email, user.email);
      await expect(email).toHaveValue(user.email);
      await expect(email).toBeFocused();
      // A password of spaces is no password: refused by the form, nothing sent.
      await password.click();
      await typeAsPerson(password, '   ');
      await password.press('Enter');
      expect(await expectToldOnce(page, t('validation.enterField', { field: t('field.password') }))).toBe('announced');
      await clearAsPerson(password);
      await typeAsPerson(password, `${user.password}x`);
      await password.press('Enter');
      // Incorrect credentials: the password is emptied, the person stays in it and hears why.
      await expect(password).toHaveValue('');
      expect(await expectToldOnce(page, t('signIn.notice.invalidCredentials'))).toBe('announced');
      await expect(password).toBeFocused();
      // The eye pressed with the mouse, to see what is typed this time: the caret stays in the field,
      // and the empty field is not told off for being left.
      await page.getByRole('button', { name: t('ui.password.show') }).click();
      await expect(password).toBeFocused();
      await expect(password).toHaveAttribute('type', 'text');
      await expect(password).not.toHaveAttribute('aria-invalid', 'true');
      await expect(shown(page, t('validation.enterField', { field: t('field.password') }))).toHaveCount(0);
      await typeAsPerson(password, user.password);
      await expect(password).toHaveValue(user.password);
      await expect(email).toHaveValue(user.email);
      await password.press('Enter');
      await expectScreen(page, t('signIn.pin.title'));
    });

    test('forgot password: a malformed address corrected key by key goes to the right mailbox', async ({
      page,
      user,
    }) => {
      await recordAnnouncements(page);
      await page.goto('/signin/');
      await page.getByRole('button', { name: t('signIn.login.forgotPassword') }).click();
      await expectScreen(page, t('signIn.forgot.title'));
      const email = page.getByLabel(t('signIn.forgot.email'), { exact: true });
      const [local, domain] = user.email.split('@') as [string, string];
      const malformed = `${local}@${domain.replace(/\.[^.]+$/, '')}`;
      await email.click();
      await typeAsPerson(email, malformed);
      await email.press('Enter');
      expect(await expectToldOnce(page, t('validation.enterValidEmail'))).toBe('announced');
      await expectNoAxeViolations(page);
      // The person goes on typing at the end of the address: every key stays.
      await typeAsPerson(email, domain.slice(domain.lastIndexOf('.')));
      await expect(email).toHaveValue(user.email);
      await expect(email).toBeFocused();
      const since = Date.now();
      await page.getByRole('button', { name: t('signIn.forgot.submit') }).click();
      await expectScreen(page, t('signIn.resetSent.title'));
      await expect(page).toHaveTitle(pageTitle(lang, 'signIn.resetSent.pageTitle'));
      // How long the link works, as the server under test is configured (60 minutes), in the language's plural.
      await expect(shown(page, `${t('signIn.resetSent.body')} ${RESET_LINK_VALIDITY[lang]}`)).toBeVisible();
      await waitForMail(user.email, { since, match: (m) => m.text.includes('/signin/reset-password?token=') });
      await page.getByRole('button', { name: t('signIn.resetSent.signIn') }).click();
      await expectScreen(page, t('signIn.login.title'));
    });

    test('reset password: a mismatch retyped key by key, then "Continue to sign in" keeps focus on the page', async ({
      page,
      user,
    }) => {
      await recordAnnouncements(page);
      const since = Date.now();
      await page.goto('/signin/');
      await page.getByRole('button', { name: t('signIn.login.forgotPassword') }).click();
      // The forgot form's field has the login form's label: wait for its screen.
      await expectScreen(page, t('signIn.forgot.title'));
      const forgotEmail = page.getByLabel(t('signIn.forgot.email'), { exact: true });
      await typeAsPerson(forgotEmail, user.email);
      await forgotEmail.press('Enter');
      await expectScreen(page, t('signIn.resetSent.title'));
      const mail = await waitForMail(user.email, {
        since,
        match: (m) => m.text.includes('/signin/reset-password?token='),
      });

      await page.goto(linkFrom(mail, '/signin/reset-password'));
      const password = page.getByLabel(t('setPassword.password'), { exact: true });
      const password2 = page.getByLabel(t('setPassword.password2'), { exact: true });
      await expect(page.getByRole('heading', { level: 1, name: t('reset.title') })).toBeVisible();
      await expect(page).toHaveTitle(pageTitle(lang, 'reset.pageTitle.newPassword'));
      await password.click();
      await typeAsPerson(password, NEW_PASSWORD);
      await password2.click();
      await typeAsPerson(password2, `${NEW_PASSWORD}!`);
      await password2.press('Enter');
      expect(await expectToldOnce(page, t('validation.passwordsDoNotMatch'))).toBe('announced');
      await clearAsPerson(password2);
      await typeAsPerson(password2, NEW_PASSWORD);
      await expect(password2).toHaveValue(NEW_PASSWORD);
      await expect(password).toHaveValue(NEW_PASSWORD);
      await page.getByRole('button', { name: t('reset.submit') }).click();
      await expectScreen(page, t('reset.changed.title'));
      await expect(page).toHaveTitle(pageTitle(lang, 'reset.pageTitle.changed'));
      await page.getByRole('button', { name: t('reset.changed.proceed') }).click();
      // The sign-in route: a new screen, focus on its heading, not lost to <body>.
      await expectFocusNotLost(page);
      await expectScreen(page, t('signIn.login.title'));
      // The login form starts with the account the link was for: only the new password is typed.
      await expect(page.getByLabel(t('signIn.login.email'), { exact: true })).toHaveValue(user.email);
      await signInTyping(page, lang, { ...user, password: NEW_PASSWORD }, { emailInPlace: true });
    });

    test('registration: a weak password retyped key by key, then the device step', async ({ page }) => {
      await recordAnnouncements(page);
      const email = `typing-${lang}-${process.pid}-${Date.now().toString(36)}@example.test`;
      const since = Date.now();
      await admin('user', 'invite', '--email', email, '--first-name', 'Petra', '--surname', 'Malá', '--language', lang);
      const mail = await waitForMail(email, {
        since,
        match: (m) => m.text.includes('/signin/accept-invitation?token='),
      });
      try {
        await page.goto(linkFrom(mail, '/signin/accept-invitation'));
        await expect(page.getByRole('heading', { level: 1, name: t('registration.welcome.title') })).toBeVisible();
        await expect(page).toHaveTitle(pageTitle(lang, 'registration.pageTitle.welcome'));
        await page.getByRole('button', { name: t('registration.welcome.continue') }).click();
        await expectScreen(page, t('registration.setPassword.title'));
        const password = page.getByLabel(t('setPassword.password'), { exact: true });
        const password2 = page.getByLabel(t('setPassword.password2'), { exact: true });
        await password.click();
        await typeAsPerson(password, 'weak');
        await password2.click();
        await typeAsPerson(password2, 'weak');
        await page.getByRole('button', { name: t('registration.setPassword.submit') }).click();
        // Two fields in error: focus goes to the first, which is read with its message.
        expect(await expectToldOnce(page, t('validation.weakPassword'))).toBe('focus');
        await expect(password).toBeFocused();
        await expectNoAxeViolations(page);
        await clearAsPerson(password);
        await typeAsPerson(password, NEW_PASSWORD);
        await clearAsPerson(password2);
        await typeAsPerson(password2, NEW_PASSWORD);
        await expect(password).toHaveValue(NEW_PASSWORD);
        await expect(password2).toHaveValue(NEW_PASSWORD);
        await password2.press('Enter');
        await expectScreen(page, t('registration.pairDevice.title'));
        await page.getByRole('button', { name: t('registration.pairDevice.skip') }).click();
        await pastOffer(page, lang);
      } finally {
        await admin('user', 'delete', '--email', email);
      }
    });

    test('an expired reset link and an expired registration link lead to sign-in with focus on the page', async ({
      page,
    }) => {
      await page.goto('/signin/reset-password?token=no-such-token');
      await expect(page.getByRole('heading', { level: 1, name: t('reset.expired.title') })).toBeVisible();
      await expect(page).toHaveTitle(pageTitle(lang, 'reset.pageTitle.expired'));
      await page.getByRole('button', { name: t('reset.expired.signIn') }).click();
      await expectFocusNotLost(page);
      await expectScreen(page, t('signIn.login.title'));

      await page.goto('/signin/accept-invitation?token=no-such-token');
      await expect(page.getByRole('heading', { level: 1, name: t('registration.expired.title') })).toBeVisible();
      await page.getByRole('button', { name: t('registration.expired.close') }).click();
      await expectFocusNotLost(page);
      await expectScreen(page, t('signIn.login.title'));
    });
  });
}

test.describe('remembered accounts, typed as people do', () => {
  test.use({ lang: 'sk', viewport: { width: 360, height: 740 } });
  const t = textsOf('sk');

  test('"use another account" leads back to the list, says nothing wrong, and the password form keeps every key', async ({
    page,
  }) => {
    const user = await createUser({ language: 'sk' });
    // A signed-in past arranged through the API: the subject is what comes after it.
    await signInAndOutWithApi(page, user);
    await recordAnnouncements(page);
    await page.goto('/signin/');
    // On sign-in: the remembered-user form of this account (the page's first screen).
    const back = page.getByRole('button', { name: t('signIn.rememberedForm.back', { email: user.email }) });
    await expect(back).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('sk', 'signIn.rememberedForm.pageTitle'));
    await back.click();
    await expectScreen(page, t('signIn.remembered.title'));
    await expect(page).toHaveTitle(pageTitle('sk', 'signIn.remembered.pageTitle'));
    await page.getByRole('button', { name: t('signIn.remembered.useAnother') }).click();
    await expectScreen(page, t('signIn.login.title'));
    // No message nobody asked for: nothing was submitted (checked once the page has settled).
    await settled(page);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(shown(page, t('validation.enterField', { field: t('field.password') }))).toHaveCount(0);
    // And a way back to the list.
    await page.getByRole('button', { name: t('signIn.login.backToAccounts') }).click();
    await expectScreen(page, t('signIn.remembered.title'));
    await expectNoAxeViolations(page);
    await rememberedScreens(page).account(user).click();

    // The remembered-user form reached from the list: a wrong password, then the right one key by key.
    await expectScreen(page, t('signIn.rememberedForm.title'));
    const password = page.getByLabel(t('signIn.login.password'), { exact: true });
    await password.click();
    await typeAsPerson(password, 'Not-my-password-1');
    await password.press('Enter');
    expect(await expectToldOnce(page, t('signIn.notice.incorrectPassword'))).toBe('announced');
    await expect(password).toBeFocused();
    await expect(password).toHaveValue('');
    await typeAsPerson(password, user.password);
    await expect(password).toHaveValue(user.password);
    await password.press('Enter');
    await expectScreen(page, t('signIn.pin.title'));
  });
});

test.describe('keyboard only', () => {
  test.use({ lang: 'cs', viewport: { width: 360, height: 740 } });
  const t = textsOf('cs');

  test('signs in with Tab, typing, Space and Enter only; focus is always on the control in use', async ({
    page,
    user,
  }) => {
    await page.goto('/signin/');
    const email = page.getByLabel(t('signIn.login.email'), { exact: true });
    const password = page.getByLabel(t('signIn.login.password'), { exact: true });
    await expect(email).toBeVisible();
    // From the top of the page: the first Tab stop of the form is the e-mail.
    for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.type(user.email, { delay: 70 });
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.type(user.password, { delay: 70 });
    const since = Date.now();
    await page.keyboard.press('Enter');

    await expectScreen(page, t('signIn.pin.title'));
    const code = page.getByLabel(t('signIn.pin.label'), { exact: true });
    const remember = page.getByRole('checkbox', { name: t('signIn.pin.rememberDevice') });
    const submit = page.getByRole('button', { name: t('signIn.pin.submit'), exact: true });
    // From the heading, Tab reaches the code field.
    await page.keyboard.press('Tab');
    await expect(code).toBeFocused();
    const mail = await waitForMail(user.email, { since, match: isPinMail });
    await page.keyboard.type(pinFrom(mail), { delay: 70 });
    await page.keyboard.press('Tab');
    await expect(remember).toBeFocused();
    await page.keyboard.press('Space');
    await expect(remember).toBeChecked();
    await expect(remember).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');

    const askLater = page.getByRole('button', { name: t('signIn.passkeyOffer.askLater') });
    const signOut = page.getByRole('button', { name: t('legacy.signOut') });
    await expect(askLater.or(signOut)).toBeVisible();
    if (await askLater.isVisible()) {
      await expectScreen(page, t('signIn.passkeyOffer.title'));
      for (let i = 0; i < 5 && !(await askLater.evaluate((el) => el === document.activeElement)); i += 1)
        await page.keyboard.press('Tab');
      await expect(askLater).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(signOut).toBeVisible();
  });

  test('every control shows where focus is, also a field that shows an error', async ({ page }) => {
    await page.goto('/signin/');
    const email = page.getByLabel(t('signIn.login.email'), { exact: true });
    await email.click();
    await typeAsPerson(email, 'not-an-address');
    await email.press('Enter');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    // The field in error keeps its red border and gets the focus ring outside it. The border's
    // colour eases in (a transition): the ring is read once the border has reached the error colour.
    await expect(email.locator('xpath=..')).toHaveCSS('border-top-color', 'rgb(186, 27, 27)');
    const ring = await email.evaluate((input) => {
      const control = input.parentElement as HTMLElement;
      const style = getComputedStyle(control);
      return {
        outline: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        color: style.outlineColor,
        border: style.borderTopColor,
      };
    });
    expect(ring.outline).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.border).toBe('rgb(186, 27, 27)');
    expect(ring.color).not.toBe(ring.border);
    await expectNoAxeViolations(page);

    // Every Tab stop of the form shows a focus indicator (an outline or a ring).
    const stops: string[] = [];
    await page.locator('h1').focus();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (!active || active === document.body) return null;
        const own = getComputedStyle(active);
        // A text field's ring is on its box (the input's parent); a checkbox shows its own.
        const boxed = active.matches('input:not([type="checkbox"])');
        const holder = boxed ? (active.parentElement as HTMLElement) : active;
        const style = boxed ? getComputedStyle(holder) : own;
        const visible =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
        const label = active.matches('input')
          ? (active as HTMLInputElement).labels?.[0]?.textContent?.trim()
          : undefined;
        return {
          name: active.getAttribute('aria-label') ?? label ?? active.textContent?.trim() ?? active.tagName,
          visible,
        };
      });
      if (seen === null) break;
      stops.push(seen.name);
      expect(seen.visible, `focus indicator on "${seen.name}"`).toBe(true);
    }
    expect(stops.length).toBeGreaterThanOrEqual(5);
  });

  test('the caps-lock notice sits beside the reveal toggle in words, is part of the field and is announced', async ({
    page,
  }) => {
    await recordAnnouncements(page);
    await page.goto('/signin/');
    const password = page.getByLabel(t('signIn.login.password'), { exact: true });
    await password.click();
    // The browser reports Caps Lock with each key; a key event with Caps Lock on, as the keyboard sends it.
    await password.evaluate((input) => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'A', bubbles: true, modifierCapsLock: true }));
      input.dispatchEvent(new KeyboardEvent('keyup', { key: 'A', bubbles: true, modifierCapsLock: true }));
    });
    const notice = page.getByTestId('caps-lock');
    await expect(notice).toHaveText(t('ui.password.capsLock'));
    const toggle = page.getByRole('button', { name: t('ui.password.show') });
    const noticeBox = await notice.boundingBox();
    const toggleBox = await toggle.boundingBox();
    expect(
      noticeBox && toggleBox && Math.abs(noticeBox.y + noticeBox.height / 2 - (toggleBox.y + toggleBox.height / 2)) < 8,
    ).toBe(true);
    expect(noticeBox && toggleBox && noticeBox.x + noticeBox.width <= toggleBox.x + 1).toBe(true);
    expect((await focused(page)).description).toContain(t('ui.password.capsLock'));
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => window.__announcements ?? [])).filter(
            (a) => a.text === t('ui.password.capsLock') && a.politeness === 'polite',
          ).length,
      )
      .toBe(1);
    // Caps Lock off again: the notice goes.
    await password.evaluate((input) =>
      input.dispatchEvent(new KeyboardEvent('keyup', { key: 'a', bubbles: true, modifierCapsLock: false })),
    );
    await expect(notice).toHaveCount(0);
  });
});
