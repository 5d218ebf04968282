import { expect, expectNoAxeViolations, test, text, type TestUser } from '../fixtures.ts';
import {
  addVirtualAuthenticator,
  recordCredentialRequests,
  signedChallenge,
  type CredentialRequest,
  type VirtualAuthenticator,
} from '../authenticator.ts';
import { announcements, recordAnnouncements, settled, shown } from '../people.ts';
import { defaultPage, loginScreen } from '../screens/login-screen.ts';
import { pinScreen, rememberedScreens, signInWithPin } from '../screens/pin-screen.ts';
import type { Page, Route } from '@playwright/test';

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

/** Waits until the page has exactly one pending (not aborted, not settled) request of this kind. */
async function expectPendingRequest(requests: CredentialRequest[], mediation: CredentialRequest['mediation']) {
  await expect
    .poll(() => requests.filter((r) => r.mediation === mediation && r.outcome === 'pending' && !r.aborted).length)
    .toBe(1);
}

/** A passkey registered through the offer after password + PIN, and the user signed out on the remembered-account form. */
async function registerPasskeyAndSignOut(page: Page, user: TestUser, authenticator: VirtualAuthenticator) {
  await loginScreen(page).open();
  await signInUntilOffer(page, user);
  await offer(page).activate.click();
  await expect(defaultPage(page).signOut).toBeVisible();
  // No presence from here: the autofill request of the remembered account cannot complete.
  await authenticator.setPresence(false);
  await defaultPage(page).signOut.click();
  await expect(rememberedScreens(page).back(user)).toBeVisible();
}

/**
 * Clicks the passkey button while the autofill request is pending and cannot complete (the
 * authenticator has no presence), and gives the authenticator presence only once that request is
 * aborted: in between, the button's request for its options is held. (With presence, a pending
 * autofill request completes by itself; a ceremony started without presence never does.)
 */
async function clickPasskeyButtonWhileAutofillIsPending(
  page: Page,
  authenticator: VirtualAuthenticator,
  requests: CredentialRequest[],
) {
  await expectPendingRequest(requests, 'conditional');
  const buttonOptions = new Promise<Route>((resolve) => {
    void page.route(
      (url) => url.pathname === '/api/webauthn/get',
      (route) => (route.request().method() === 'GET' ? resolve(route) : route.fallback()),
    );
  });
  await passkeyButton(page).click();
  const held = await buttonOptions;
  await page.unroute((url) => url.pathname === '/api/webauthn/get');
  await expect.poll(() => requests.filter((r) => r.mediation === 'conditional').at(-1)?.aborted).toBe(true);
  await authenticator.setPresence(true);
  await held.continue();
}

test.describe('passkeys', () => {
  test('password + PIN → offer → activate → sign out → sign in with the passkey button', async ({ page, user }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const requests = await recordCredentialRequests(page);
    await loginScreen(page).open();
    await signInUntilOffer(page, user);
    await expectNoAxeViolations(page);
    await offer(page).activate.click();
    await expect(defaultPage(page).signOut).toBeVisible();
    const [credential] = await authenticator.credentials();
    expect(credential?.rpId).toBe('localhost');

    // The remembered account's autofill request would sign in by itself: the button is clicked
    // while that request cannot complete, so the button does the sign-in.
    await authenticator.setPresence(false);
    await defaultPage(page).signOut.click();
    await expect(rememberedScreens(page).back(user)).toBeVisible();
    await clickPasskeyButtonWhileAutofillIsPending(page, authenticator, requests);
    await expect(defaultPage(page).signedInAs(`${user.firstName} ${user.surname}`, user.email)).toBeVisible();
    expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(credential?.signCount ?? 0);
  });

  test('the passkey button aborts the pending autofill request and signs in with its own ceremony', async ({
    page,
    user,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const requests = await recordCredentialRequests(page);
    await registerPasskeyAndSignOut(page, user, authenticator);

    const signInCall = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/webauthn/get',
    );
    await clickPasskeyButtonWhileAutofillIsPending(page, authenticator, requests);
    await expect(defaultPage(page).signedInAs(`${user.firstName} ${user.surname}`, user.email)).toBeVisible();
    const autofill = requests.filter((r) => r.mediation === 'conditional').at(-1);
    const button = requests.find((r) => r.mediation === 'modal');
    expect(autofill).toMatchObject({ aborted: true, outcome: 'AbortError' });
    expect(button).toMatchObject({ aborted: false, outcome: 'resolved' });
    // The assertion the server verified answers the button's challenge, not the autofill one's.
    const signed = signedChallenge((await signInCall).postDataJSON() as { response: { clientDataJSON: string } });
    expect(signed).toBe(button?.challenge);
    expect(signed).not.toBe(autofill?.challenge);
  });

  test('a registered passkey signs in by conditional autofill on the login form, with no click', async ({
    page,
    context,
    baseURL,
    user,
  }) => {
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

  test('the device-offer notice comes below the passkey button: nothing the person may be pressing moves', async ({
    page,
  }) => {
    await addVirtualAuthenticator(page);
    // The autofill request's options are held until the form has been measured without the notice.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/webauthn/get',
      async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.fallback();
      },
    );
    await loginScreen(page).open();
    const submit = page.getByRole('button', { name: t('signIn.login.submit'), exact: true });
    const before = { submit: await submit.boundingBox(), passkey: await passkeyButton(page).boundingBox() };
    release();
    const notice = page
      .getByText(t('signIn.login.deviceOffer'), { exact: true })
      .and(page.locator(':not([data-announcer])'));
    await expect(notice).toBeVisible();
    expect({ submit: await submit.boundingBox(), passkey: await passkeyButton(page).boundingBox() }).toEqual(before);
    const noticeBox = await notice.boundingBox();
    expect(noticeBox?.y).toBeGreaterThan((before.passkey?.y ?? Infinity) + (before.passkey?.height ?? 0) - 1);
  });

  test('the device offer is said once; choosing another language with the keyboard does not say it again', async ({
    page,
  }) => {
    await recordAnnouncements(page);
    await addVirtualAuthenticator(page);
    await loginScreen(page).open();
    await expect(shown(page, t('signIn.login.deviceOffer'))).toBeVisible();
    await settled(page);
    expect(await announcements(page, 'polite')).toEqual([t('signIn.login.deviceOffer')]);

    await page.getByLabel(t('app.language.label')).focus();
    // A keyboard user goes through the closed list with the arrow keys: each one is a choice
    // (Slovak comes first, then English, then Czech).
    await page.keyboard.press('ArrowDown');
    await expect(shown(page, text('cs', 'signIn.login.deviceOffer'))).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(shown(page, text('sk', 'signIn.login.deviceOffer'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    await settled(page);
    await page.waitForTimeout(300);
    await expect(page.getByLabel(text('sk', 'app.language.label'))).toBeFocused();
    expect(await announcements(page, 'polite')).toEqual([t('signIn.login.deviceOffer')]);
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

  test('a cancelled passkey sign-in (user verification fails) shows nothing alarming and the password still works', async ({
    page,
    user,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const requests = await recordCredentialRequests(page);
    await registerPasskeyAndSignOut(page, user, authenticator);

    await authenticator.setUserVerified(false);
    await clickPasskeyButtonWhileAutofillIsPending(page, authenticator, requests);
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

  test('a restricted authenticator opens the biometric-restricted dialog, which is accessible and closes with its button', async ({
    page,
  }) => {
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
