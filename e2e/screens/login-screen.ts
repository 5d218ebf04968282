// The login form as a user sees it: found by role and accessible name.
import type { Page } from '@playwright/test';
import { text, type Locale } from '../fixtures.ts';
import { tabTo, typeAsPerson } from '../people.ts';

export function loginScreen(page: Page, lang: Locale = 'en') {
  const t = (id: string, values?: Record<string, string>) => text(lang, id, values);
  return {
    heading: page.getByRole('heading', { level: 1, name: t('signIn.login.title') }),
    email: page.getByLabel(t('signIn.login.email'), { exact: true }),
    password: page.getByLabel(t('signIn.login.password'), { exact: true }),
    submit: page.getByRole('button', { name: t('signIn.login.submit'), exact: true }),
    async open(query = '') {
      await page.goto(`/signin/${query}`);
      await this.email.waitFor();
    },
    async signIn(email: string, password: string) {
      await this.email.fill(email);
      await this.password.fill(password);
      await this.submit.click();
    },
    /**
     * A keyboard-only person: Tab to the e-mail, type it key by key (into an empty field), Tab to
     * the password, type it, Enter. Returns when Enter was pressed, for the mail that follows.
     */
    async signInByKeyboard(email: string, password: string): Promise<number> {
      await tabTo(page, this.email, 15);
      await typeAsPerson(this.email, email);
      return this.passwordByKeyboard(password);
    },
    /** The e-mail already in place: Tab to the password, type it key by key, Enter; returns when. */
    async passwordByKeyboard(password: string): Promise<number> {
      await tabTo(page, this.password, 10);
      await typeAsPerson(this.password, password);
      const sent = Date.now();
      await page.keyboard.press('Enter');
      return sent;
    },
  };
}

export function defaultPage(page: Page, lang: Locale = 'en') {
  return {
    signedInAs: (name: string, email: string) =>
      page.getByText(text(lang, 'legacy.signedInAs', { named: name === '' ? 'no' : 'yes', name, email })),
    signOut: page.getByRole('button', { name: text(lang, 'legacy.signOut') }),
  };
}
