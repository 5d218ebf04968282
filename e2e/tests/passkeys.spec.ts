import { expect, expectNoAxeViolations, test, text } from '../fixtures.ts';
import { addVirtualAuthenticator } from '../authenticator.ts';
import { shown } from '../people.ts';
import { defaultPage, loginScreen } from '../screens/login-screen.ts';
import { pinScreen, rememberedScreens, signInWithPin } from '../screens/pin-screen.ts';
import type { Page } from '@playwright/test';

const t = (id: string, values?: Record<string, string>) => text('en', id, values);

function offer(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: t('signIn.passkeyOffer.title') }),
    activate: page.getByRole('button', { name: t('signIn.passkeyOffer.activate'), exact: true }),
    askLater: page.getByRole('button', { name: t('signIn.passkeyOffer.askLater') }),
    dontAskAgain: page.getByRole('button', { name: t('signIn.passkeyOffer.dontAskAgain') }),
  };
}

const passkeyButton = (page: Page) => page.getByRole('button', { name: t('signIn.passkey.button') });

/** Password + mailed PIN, stopping at the passkey offer. */
async function signInUntilOffer(page: Page, user: Parameters<typeof signInWithPin>[1]) {
  const since = Date.now();
  await page.getByLabel(t('signIn.login.email'), { exact: true }).fill(user.email);
  await page.getByLabel(t('signIn.login.password'), { exact: true }).fill(user.password);
  await page.getByRole('button', { name: t('signIn.login.submit'), exact: true }).click();
  await pinScreen(page).enterMailedPin(user, since);
  await expect(offer(page).heading).toBeVisible();
}

test.describe('passkeys', () => {
  // Password, mailed PIN, offer and ceremony in one test: more than the default 30 s on 2 cores.
  test.describe.configure({ timeout: 60_000 });

  test('password + PIN → offer → activate → sign out → sign in with the passkey button', async ({ page, user }) => {
    const authenticator = await addVirtualAuthenticator(page);
    await loginScreen(page).open();
    await signInUntilOffer(page, user);
    await expectNoAxeViolations(page);
    await offer(page).activate.click();
    await expect(defaultPage(page).signOut).toBeVisible();
    const [credential] = await authenticator.credentials();
    expect(credential?.rpId).toBe('localhost');

    // Keep the autofill request pending, so that the button does the sign-in.
    await authenticator.setPresence(false);
    await defaultPage(page).signOut.click();
    await expect(rememberedScreens(page).back(user)).toBeVisible();
    await authenticator.setPresence(true);
    await passkeyButton(page).click();
    await expect(defaultPage(page).signedInAs(`${user.firstName} ${user.surname}`, user.email)).toBeVisible();
    expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(credential?.signCount ?? 0);
  });

  test('a registered passkey signs in by conditional autofill on the login form, with no click', async ({ page, context, baseURL, user }) => {
    await addVirtualAuthenticator(page);
    await loginScreen(page).open();
    await signInUntilOffer(page, user);
    await offer(page).activate.click();
    await expect(defaultPage(page).signOut).toBeVisible();

    // A browser that remembers nothing (no session, no device cookie) but has the passkey.
    await context.clearCookies();
    await context.addCookies([{ name: 'gh_lang', value: 'en', url: baseURL ?? '' }]);
    // The autofill sign-in navigates on its own: wait only for the page to start, then for the result.
    await page.goto('/signin/', { waitUntil: 'commit' });
    await expect(defaultPage(page).signedInAs(`${user.firstName} ${user.surname}`, user.email)).toBeVisible();
  });

  test("'Don't ask again' is remembered: the next sign-in goes straight on", async ({ page, user }) => {
    await addVirtualAuthenticator(page);
    await loginScreen(page).open();
    await signInUntilOffer(page, user);
    await offer(page).dontAskAgain.click();
    await expect(defaultPage(page).signOut).toBeVisible();
    await defaultPage(page).signOut.click();

    await rememberedScreens(page).back(user).click();
    await rememberedScreens(page).useAnother.click();
    await signInWithPin(page, user);
    await expect(offer(page).heading).toHaveCount(0);
  });

  test('a cancelled passkey sign-in (user verification fails) shows nothing alarming and the password still works', async ({ page, user }) => {
    const authenticator = await addVirtualAuthenticator(page);
    await loginScreen(page).open();
    await signInUntilOffer(page, user);
    await offer(page).activate.click();
    await expect(defaultPage(page).signOut).toBeVisible();
    await authenticator.setPresence(false);
    await defaultPage(page).signOut.click();
    await expect(rememberedScreens(page).back(user)).toBeVisible();

    await authenticator.setUserVerified(false);
    await authenticator.setPresence(true);
    await passkeyButton(page).click();
    await expect(shown(page, t('signIn.passkey.cancelled'))).toBeVisible();
    // Nothing alarming: no alert with text (the app's live regions stay mounted, empty).
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
    await expect(page.getByText(t('signIn.passkey.failed'))).toHaveCount(0);

    const since = Date.now();
    await rememberedScreens(page).password.fill(user.password);
    await rememberedScreens(page).submit.click();
    await pinScreen(page).enterMailedPin(user, since);
    await expect(defaultPage(page).signOut).toBeVisible();
  });

  test('in a browser without WebAuthn the button says it is unsupported on this device', async ({ page }) => {
    await page.addInitScript(() => {
      // @ts-expect-error -- removing the API the way an old browser lacks it
      delete window.PublicKeyCredential;
    });
    await loginScreen(page).open();
    await passkeyButton(page).click();
    await expect(shown(page, t('signIn.passkey.unsupported'))).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a restricted authenticator opens the biometric-restricted dialog, which is accessible and closes with its button', async ({ page }) => {
    await addVirtualAuthenticator(page);
    await page.addInitScript(() => {
      const original = navigator.credentials.get.bind(navigator.credentials);
      navigator.credentials.get = (options?: CredentialRequestOptions) =>
        options?.mediation === 'conditional'
          ? original(options)
          : Promise.reject(new DOMException('The operation is not allowed for this account.', 'SecurityError'));
    });
    await loginScreen(page).open();
    await passkeyButton(page).click();
    await expect(page.getByTestId('biometric-dialog-title')).toHaveText(t('biometric.title'));
    await expect(page.getByTestId('biometric-dialog-content')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByTestId('biometric-dialog-confirm').click();
    await expect(page.getByTestId('biometric-dialog-title')).toHaveCount(0);
  });
});
