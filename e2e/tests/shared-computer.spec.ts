// "This is a shared or public computer" (docs/decisions/0116-shared-computer.md), as a person uses
// it: ticked on the login form with the keyboard, the PIN step without "remember this device", no
// passkey offer, and after signing out the computer offers nobody's account.
import {
  createUser,
  expect,
  expectNoAxeViolations,
  isPinMail,
  pinFrom,
  test,
  text,
  waitForMail,
  type Locale,
} from '../fixtures.ts';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium.mjs';
import { E2E_BASE_URL } from '../env.ts';
import { JOURNEY_TIMEOUT_MS, expectScreen, shown, typeAsPerson } from '../people.ts';

for (const { lang, width } of [
  { lang: 'sk', width: 360 },
  { lang: 'cs', width: 360 },
  { lang: 'en', width: 1280 },
] as const satisfies ReadonlyArray<{ lang: Locale; width: number }>) {
  test.describe(`in ${lang} at ${width} px, keyboard only`, () => {
    test.use({ lang, viewport: { width, height: 800 } });
    test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });
    const t = (id: string, values?: Record<string, string>) => text(lang, id, values);

    test('a shared-computer sign-in is not remembered, trusts nothing and offers no passkey', async ({ page }) => {
      const user = await createUser({ language: lang });
      await page.goto('/signin/');
      const email = page.getByLabel(t('signIn.login.email'), { exact: true });
      const password = page.getByLabel(t('signIn.login.password'), { exact: true });
      const shared = page.getByRole('checkbox', { name: t('signIn.login.sharedComputer') });
      await expect(shared).not.toBeChecked();

      await email.focus();
      await typeAsPerson(email, user.email);
      await page.keyboard.press('Tab');
      await typeAsPerson(password, user.password);
      // On to the choice (past the show-password button), ticked with Space: it says what it does.
      for (let i = 0; i < 3 && !(await shared.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      await expect(shared).toBeFocused();
      // This browser can use a passkey from the autofill, and says so.
      await expect(shown(page, t('signIn.login.deviceOffer'))).toBeVisible();
      await page.keyboard.press('Space');
      await expect(shared).toBeChecked();
      await expect(page.getByText(t('signIn.login.sharedComputerHint'))).toBeVisible();
      // The passkey autofill's notice is gone with it.
      await expect(shown(page, t('signIn.login.deviceOffer'))).toHaveCount(0);
      await expectNoAxeViolations(page);
      // Back to the password and Enter: nothing typed was lost on the way.
      await page.keyboard.press('Shift+Tab');
      if (!(await password.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Shift+Tab');
      await expect(password).toBeFocused();
      await expect(email).toHaveValue(user.email);
      await expect(password).toHaveValue(user.password);
      const since = Date.now();
      await page.keyboard.press('Enter');

      // The PIN step asks for the code only: no "remember this device" on a shared computer.
      await expectScreen(page, t('signIn.pin.title'));
      const code = page.getByLabel(t('signIn.pin.label'), { exact: true });
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      // Had this person walked away here, the next one's new tab shows the login form, not their address.
      const walkedUp = await page.context().newPage();
      await walkedUp.goto('/signin/');
      await expect(walkedUp.getByRole('heading', { level: 1, name: t('signIn.login.title') })).toBeVisible();
      await expect(walkedUp.getByLabel(t('signIn.login.email'), { exact: true })).toHaveValue('');
      await expect(walkedUp.getByText(user.email)).toHaveCount(0);
      await walkedUp.close();
      const pin = pinFrom(await waitForMail(user.email, { since, match: isPinMail }));
      await code.focus();
      await typeAsPerson(code, pin.toLowerCase());
      await expect(code).toHaveValue(pin);
      await page.keyboard.press('Enter');

      // Straight to the default page: no passkey offer.
      const signOut = page.getByRole('button', { name: t('legacy.signOut') });
      await expect(signOut).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: t('signIn.passkeyOffer.title') })).toHaveCount(0);
      await signOut.focus();
      await page.keyboard.press('Enter');

      // Signed out (a new page load): the computer offers no account (the empty login form), and the tab keeps the choice.
      await expect(page.getByRole('heading', { level: 1, name: t('signIn.login.title') })).toBeVisible();
      await expect(email).toHaveValue('');
      await expect(page.getByRole('button', { name: t('signIn.login.backToAccounts') })).toHaveCount(0);
      await expect(shared).toBeChecked();
      // A new tab (the next person) starts unticked.
      const next = await page.context().newPage();
      await next.goto('/signin/');
      await expect(next.getByRole('checkbox', { name: t('signIn.login.sharedComputer') })).not.toBeChecked();
      await expect(next.getByRole('heading', { level: 1, name: t('signIn.login.title') })).toBeVisible();
      await next.close();
    });
  });
}

test.describe("Back after signing out, with the browser's back-forward cache on (as in a person's Chrome)", () => {
  test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

  test("shows the sign-in page, never the signed-out person's name and address", async () => {
    const t = (id: string) => text('sk', id);
    const user = await createUser({ language: 'sk' });
    // Playwright turns the cache off in its own browsers; this one has it, as an installed Chrome does.
    const browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 360, height: 800 } });
      await context.addCookies([{ name: 'gh_lang', value: 'sk', url: E2E_BASE_URL }]);
      const page = await context.newPage();
      await page.goto('/signin/');
      const email = page.getByLabel(t('signIn.login.email'), { exact: true });
      await email.focus();
      await typeAsPerson(email, user.email);
      await page.keyboard.press('Tab');
      const password = page.getByLabel(t('signIn.login.password'), { exact: true });
      await typeAsPerson(password, user.password);
      // A shared computer: the sign-in page after it remembers nobody, so no address is on it by design.
      const shared = page.getByRole('checkbox', { name: t('signIn.login.sharedComputer') });
      await shared.focus();
      await page.keyboard.press('Space');
      await expect(shared).toBeChecked();
      await password.focus();
      const since = Date.now();
      await page.keyboard.press('Enter');
      await expectScreen(page, t('signIn.pin.title'));
      const code = page.getByLabel(t('signIn.pin.label'), { exact: true });
      await code.focus();
      await typeAsPerson(code, pinFrom(await waitForMail(user.email, { since, match: isPinMail })));
      await page.keyboard.press('Enter');
      const later = page.getByRole('button', { name: t('signIn.passkeyOffer.askLater') });
      const signOut = page.getByRole('button', { name: t('legacy.signOut') });
      await expect(later.or(signOut)).toBeVisible();
      if (await later.isVisible()) await later.click();
      await expect(page.getByText(user.email)).toBeVisible();

      await signOut.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: t('signIn.login.title') })).toBeVisible();
      await page.goBack();
      // The default page is loaded anew (not restored as it was): it finds a guest and sends it to sign in.
      await expect(page).toHaveURL(/\/signin\//);
      await expect(page.getByRole('heading', { level: 1, name: t('signIn.login.title') })).toBeVisible();
      await expect(page.getByText(user.email)).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });
});
