// The "Wasn't you?" mail and its secure-account page (docs/flows/secure-account.md,
// docs/decisions/0115-wasnt-you-mail.md), in three browsers of one person's account, driven by
// the keyboard alone and typed key by key.
import type { Page } from '@playwright/test';
import {
  createUser,
  expect,
  expectNoAxeViolations,
  isPinMail,
  linkFrom,
  openAnotherBrowser,
  pinFrom,
  test,
  waitForMail,
  type Locale,
  type Mail,
  type TestUser,
} from '../fixtures.ts';
import {
  clearAsPerson,
  expectScreen,
  expectToldOnce,
  focused,
  recordAnnouncements,
  tabTo,
  textsOf,
  typeAsPerson,
} from '../people.ts';
import { loginScreen } from '../screens/login-screen.ts';
import { pinScreen } from '../screens/pin-screen.ts';

const NEW_PASSWORD = 'Quiet-Harbour-2026';

/** The subject of the mail after a new device's sign-in, in the account's language (the server's mail catalogue). */
const NEW_DEVICE_SUBJECT: Record<Locale, string> = {
  sk: 'Nové prihlásenie do vášho účtu',
  cs: 'Nové přihlášení k vašemu účtu',
  en: 'New sign-in to your account',
};

const isSecureAccountMail = (mail: Mail) => mail.text.includes('/signin/secure-account?token=');

/** The link of the mail, as a path with its query. */
function secureAccountLink(mail: Mail): string {
  const match = /https?:\/\/[^\s"<>]+\/signin\/secure-account\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no secure-account link in: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** Password, then the mailed PIN, from the login form, with the keyboard; ends on the default page. */
async function signIn(
  page: Page,
  lang: Locale,
  user: TestUser,
  options: { rememberDevice?: boolean } = {},
): Promise<void> {
  const t = textsOf(lang);
  const login = loginScreen(page, lang);
  await login.open();
  const since = Date.now();
  await tabTo(page, login.email);
  await typeAsPerson(login.email, user.email);
  await page.keyboard.press('Tab');
  await typeAsPerson(login.password, user.password);
  await page.keyboard.press('Enter');
  const pin = pinScreen(page, lang);
  await expectScreen(page, t('signIn.pin.title'));
  const mail = await waitForMail(user.email, { since, match: isPinMail });
  await tabTo(page, pin.code);
  await typeAsPerson(pin.code, pinFrom(mail));
  if (options.rememberDevice) {
    await tabTo(page, pin.rememberDevice);
    await page.keyboard.press('Space');
    await expect(pin.rememberDevice).toBeChecked();
  }
  await tabTo(page, pin.submit);
  await page.keyboard.press('Enter');
  await passOfferIfShown(page, lang);
}

/** A browser with WebAuthn is offered a passkey after sign-in: 'Ask later', with the keyboard. */
async function passOfferIfShown(page: Page, lang: Locale): Promise<void> {
  const t = textsOf(lang);
  const signOut = page.getByRole('button', { name: t('legacy.signOut') });
  const askLater = page.getByRole('button', { name: t('signIn.passkeyOffer.askLater') });
  await expect(signOut.or(askLater)).toBeVisible();
  if (await askLater.isVisible()) {
    await tabTo(page, askLater);
    await page.keyboard.press('Enter');
  }
  await expect(signOut).toBeVisible();
}

/**
 * `reloads`: the tab is reloaded on the confirmation (old phones reload a tab when the browser comes
 * back from the mail app): the confirmation shows again, and the new password comes by a mailed link,
 * the reset token having been the page's only. The other runs go straight on with it.
 */
const RUNS: { lang: Locale; viewport: { width: number; height: number }; reloads: boolean }[] = [
  { lang: 'sk', viewport: { width: 360, height: 640 }, reloads: true },
  { lang: 'cs', viewport: { width: 360, height: 640 }, reloads: true },
  { lang: 'en', viewport: { width: 1280, height: 800 }, reloads: false },
];

for (const { lang, viewport, reloads } of RUNS) {
  test(`${lang} at ${viewport.width} px: a sign-in from a new device mails "Wasn't you?"; its link secures the account and leads to a new password${reloads ? ' (after a reload, by a mailed link)' : ''}; the link works once`, async ({
    browser,
    baseURL,
    proxy,
  }) => {
    test.setTimeout(150_000);
    const t = textsOf(lang);
    const user = await createUser({ language: lang });
    const where = { baseURL: baseURL ?? '', lang, viewport, proxy };

    // The first device: signed in, and trusted (no PIN next time). The account's first sign-in mails nothing.
    const home = await openAnotherBrowser(browser, where);
    await signIn(home.page, lang, user, { rememberDevice: true });

    // A second device, new to the account: the mail comes in the account's language.
    const other = await openAnotherBrowser(browser, where);
    const since = Date.now();
    await signIn(other.page, lang, user);
    const mail = await waitForMail(user.email, { since, match: isSecureAccountMail });
    expect(mail.subject).toBe(NEW_DEVICE_SUBJECT[lang]);

    // A third browser opens the link: it is checked, nothing happens until the button.
    const mailbox = await openAnotherBrowser(browser, where);
    const page = mailbox.page;
    await recordAnnouncements(page);
    await page.goto(secureAccountLink(mail));
    const confirmHeading = page.getByRole('heading', { level: 1, name: t('secureAccount.confirm.title') });
    await expect(confirmHeading).toBeVisible();
    await expect(page.getByText(t('secureAccount.confirm.body'))).toBeVisible();
    // The page's first screen: focus stays at the top (docs/decisions/0010-focus-and-announcements.md).
    expect((await focused(page)).body).toBe(true);
    await expect(page).toHaveTitle(new RegExp(t('secureAccount.pageTitle.confirm')));
    await expectNoAxeViolations(page);
    // Opening the link changed nothing: the other browsers are still signed in.
    await home.page.reload();
    await expect(home.page.getByRole('button', { name: t('legacy.signOut') })).toBeVisible();

    const secure = page.getByRole('button', { name: t('secureAccount.confirm.submit') });
    await tabTo(page, secure);
    await page.keyboard.press('Enter');
    // The confirmation is a new screen: its heading has focus.
    await expectScreen(page, t('secureAccount.secured.title'));
    await expect(page.getByText(t('secureAccount.secured.body'))).toBeVisible();
    await expectNoAxeViolations(page);

    // Both other browsers are guests now, and no longer list the account.
    for (const device of [home, other]) {
      await device.page.reload();
      await expect(loginScreen(device.page, lang).heading).toBeVisible();
      await expect(device.page.getByRole('button', { name: t('legacy.signOut') })).toHaveCount(0);
    }

    const newPassword = page.getByRole('button', { name: t('secureAccount.secured.newPassword') });
    if (reloads) {
      // Reloaded, and the mail's link opened again: the confirmation again (the page's first screen,
      // focus at the top), not an expired link.
      for (const load of [() => page.reload(), () => page.goto(secureAccountLink(mail))]) {
        await load();
        await expect(page.getByRole('heading', { level: 1, name: t('secureAccount.secured.title') })).toBeVisible();
        expect((await focused(page)).body).toBe(true);
      }
      await expectNoAxeViolations(page);
      // The new password by a mailed link: the reset token was the page's only.
      await tabTo(page, newPassword);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('reset.newToken.title'));
      const email = page.getByLabel(t('reset.newToken.email'), { exact: true });
      await tabTo(page, email);
      await typeAsPerson(email, user.email);
      const asked = Date.now();
      await page.keyboard.press('Enter');
      await expectScreen(page, t('reset.newTokenSent.title'));
      const reset = await waitForMail(user.email, {
        since: asked,
        match: (m) => m.text.includes('/signin/reset-password?token='),
      });
      await page.goto(linkFrom(reset, '/signin/reset-password'));
      await expect(page.getByRole('heading', { level: 1, name: t('reset.title') })).toBeVisible();
    } else {
      // On to the new password, on the reset-password screen.
      await tabTo(page, newPassword);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('reset.title'));
    }
    await expect(page).toHaveURL(/\/signin\/reset-password\?token=[\w-]{43}$/);
    const password = page.getByLabel(t('setPassword.password'), { exact: true });
    const repeat = page.getByLabel(t('setPassword.password2'), { exact: true });
    // A frightened person types the password they have (the intruder's too): refused, said once,
    // focus in the password, which keeps what was typed; nothing changed (the link still works).
    await tabTo(page, password);
    await typeAsPerson(password, user.password);
    await tabTo(page, repeat);
    await typeAsPerson(repeat, user.password);
    await page.keyboard.press('Enter');
    await expect(password).toBeFocused();
    await expect(password).toHaveValue(user.password);
    await expect(password).toHaveAccessibleDescription(`${t('setPassword.rules')} ${t('setPassword.currentPassword')}`);
    await expectToldOnce(page, t('setPassword.currentPassword'));
    await expectNoAxeViolations(page);
    // Then a new one, over the old in both fields.
    await clearAsPerson(password);
    await typeAsPerson(password, NEW_PASSWORD);
    await expect(password).toHaveValue(NEW_PASSWORD);
    await clearAsPerson(repeat);
    await typeAsPerson(repeat, NEW_PASSWORD);
    await expect(repeat).toHaveValue(NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expectScreen(page, t('reset.changed.title'));
    // Its "Sign in" opens the login form with the account's address in place: only the password is left to type.
    await tabTo(page, page.getByRole('button', { name: t('reset.changed.proceed') }));
    await page.keyboard.press('Enter');
    await expect(loginScreen(page, lang).email).toHaveValue(user.email);
    await expect(loginScreen(page, lang).password).toHaveValue('');
    // The browser's Back returns to the link's page: it says the password was changed, and offers no
    // form for the used link.
    await page.goBack();
    await expectScreen(page, t('reset.changed.title'));
    await expect(page.getByLabel(t('setPassword.password'), { exact: true })).toHaveCount(0);

    // The first device trusted the account; it now asks for the PIN again, and the new password works.
    const login = loginScreen(home.page, lang);
    const again = Date.now();
    await tabTo(home.page, login.email);
    await typeAsPerson(login.email, user.email);
    await home.page.keyboard.press('Tab');
    await typeAsPerson(login.password, NEW_PASSWORD);
    await home.page.keyboard.press('Enter');
    await expectScreen(home.page, t('signIn.pin.title'));
    const pin = pinScreen(home.page, lang);
    await tabTo(home.page, pin.code);
    await typeAsPerson(pin.code, pinFrom(await waitForMail(user.email, { since: again, match: isPinMail })));
    await home.page.keyboard.press('Enter');
    await passOfferIfShown(home.page, lang);

    // The mail opened again in the browser that secured the account, after the new password was set
    // there: the account secured, not an invalid link.
    await page.goto(secureAccountLink(mail));
    await expect(page.getByRole('heading', { level: 1, name: t('secureAccount.secured.title') })).toBeVisible();
    // The link works once: in any other browser it is expired.
    await other.page.goto(secureAccountLink(mail));
    await expect(other.page.getByRole('heading', { level: 1, name: t('secureAccount.expired.title') })).toBeVisible();
    await expect(other.page.getByText(t('secureAccount.expired.body'))).toBeVisible();
    await expectNoAxeViolations(other.page);

    for (const device of [home, other, mailbox]) await device.context.close();
  });
}
