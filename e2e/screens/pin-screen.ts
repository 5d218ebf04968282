// The PIN step, the remembered accounts and the blocked pages, as a user sees them.
import { expect, type Page } from '@playwright/test';
import { isPinMail, pinFrom, text, waitForMail, type Locale, type TestUser } from '../fixtures.ts';
import { shown, tabTo, typeAsPerson } from '../people.ts';

export function pinScreen(page: Page, lang: Locale = 'en') {
  const t = (id: string, values?: Record<string, string>) => text(lang, id, values);
  return {
    heading: page.getByRole('heading', { level: 1, name: t('signIn.pin.title') }),
    recheckHeading: page.getByRole('heading', { level: 1, name: t('signIn.pin.recheckTitle') }),
    code: page.getByLabel(t('signIn.pin.label'), { exact: true }),
    rememberDevice: page.getByRole('checkbox', { name: t('signIn.pin.rememberDevice') }),
    submit: page.getByRole('button', { name: t('signIn.pin.submit'), exact: true }),
    /** The field's message (not the live region's copy, which holds it when a repeated mistake is said). */
    invalid: shown(page, t('signIn.pin.invalid')),
    /** A keyboard-only person: reads the PIN mailed to `user` since `since`, Tab to the field, types it key by key, Enter. */
    async enterMailedPinByKeyboard(user: TestUser, since: number) {
      const mail = await waitForMail(user.email, { since, match: isPinMail });
      await tabTo(page, this.code, 10);
      await typeAsPerson(this.code, pinFrom(mail));
      await page.keyboard.press('Enter');
    },
    /** Reads the PIN mailed to `user` since `since` and submits it. */
    async enterMailedPin(user: TestUser, since: number, options: { rememberDevice?: boolean } = {}) {
      const mail = await waitForMail(user.email, { since, match: isPinMail });
      await this.code.fill(pinFrom(mail));
      if (options.rememberDevice) await this.rememberDevice.check();
      await this.submit.click();
      return mail;
    },
  };
}

export function rememberedScreens(page: Page, lang: Locale = 'en') {
  const t = (id: string, values?: Record<string, string>) => text(lang, id, values);
  return {
    listHeading: page.getByRole('heading', { level: 1, name: t('signIn.remembered.title') }),
    /** An account's row: its name, then its masked e-mail (the whole e-mail shows once it is picked). */
    account: (user: TestUser) =>
      page.getByRole('button', { name: new RegExp(`^${escape(`${user.firstName} ${user.surname}`)} \\S+…@`) }),
    options: (user: TestUser) =>
      page.getByRole('button', { name: t('signIn.remembered.options', { name: `${user.firstName} ${user.surname}` }) }),
    remove: page.getByRole('menuitem', { name: t('signIn.remembered.remove') }),
    useAnother: page.getByRole('button', { name: t('signIn.remembered.useAnother') }),
    back: (user: TestUser) =>
      page.getByRole('button', { name: t('signIn.rememberedForm.back', { email: user.email }) }),
    password: page.getByLabel(t('signIn.login.password'), { exact: true }),
    submit: page.getByRole('button', { name: t('signIn.login.submit'), exact: true }),
  };
}

export function blockedScreens(page: Page, lang: Locale = 'en') {
  const t = (id: string, values?: Record<string, string>) => text(lang, id, values);
  return {
    blockedHeading: page.getByRole('heading', { level: 1, name: t('signIn.blocked.title') }),
    disabledHeading: page.getByRole('heading', { level: 1, name: t('signIn.disabled.title') }),
    useAnother: page.getByRole('button', { name: t('signIn.blocked.useAnother') }),
    resetPassword: page.getByRole('button', { name: t('signIn.blocked.resetPassword') }),
  };
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Signs in with password and the mailed PIN from the login form; ends on the default page. */
export async function signInWithPin(page: Page, user: TestUser, options: { rememberDevice?: boolean } = {}) {
  const since = Date.now();
  await page.getByLabel(text('en', 'signIn.login.email'), { exact: true }).fill(user.email);
  await page.getByLabel(text('en', 'signIn.login.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: text('en', 'signIn.login.submit'), exact: true }).click();
  const pin = pinScreen(page);
  await expect(pin.heading).toBeVisible();
  await pin.enterMailedPin(user, since, options);
  await passOfferIfShown(page);
  await expect(page.getByRole('button', { name: text('en', 'legacy.signOut') })).toBeVisible();
}

/** A browser with WebAuthn is offered a passkey after sign-in: 'Ask later' goes on. */
export async function passOfferIfShown(page: Page, lang: Locale = 'en') {
  const signOut = page.getByRole('button', { name: text(lang, 'legacy.signOut') });
  const askLater = page.getByRole('button', { name: text(lang, 'signIn.passkeyOffer.askLater') });
  await expect(signOut.or(askLater)).toBeVisible();
  if (await askLater.isVisible()) await askLater.click();
}
