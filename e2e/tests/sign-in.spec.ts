import type { Page } from '@playwright/test';
import { recordCredentialRequests } from '../authenticator.ts';
import { expect, expectNoAxeViolations, renderInBrowser, test, text } from '../fixtures.ts';
import { defaultPage, loginScreen } from '../screens/login-screen.ts';
import { signInWithPin } from '../screens/pin-screen.ts';
import { shown } from '../people.ts';

test.describe('signing in with e-mail and password', () => {
  test('a user created with the CLI signs in with password and mailed PIN and lands on the default page', async ({
    page,
    user,
  }) => {
    const login = loginScreen(page);
    await login.open();
    await signInWithPin(page, user);
    await expect(page).toHaveURL(/\/$/);
    const home = defaultPage(page);
    await expect(home.signedInAs(`${user.firstName} ${user.surname}`, user.email)).toBeVisible();

    await home.signOut.click();
    await expect(login.heading).toBeVisible();
  });

  test('a wrong password shows the incorrect-credentials notice and keeps the user on the form', async ({
    page,
    user,
  }) => {
    const login = loginScreen(page);
    await login.open();
    await login.signIn(user.email, `${user.password}x`);
    await expect(shown(page, text('en', 'signIn.notice.invalidCredentials'))).toBeVisible();
    await expect(page).toHaveURL(/\/signin\/$/);
  });

  test('an unknown e-mail gets the same notice as a wrong password', async ({ page }) => {
    const login = loginScreen(page);
    await login.open();
    await login.signIn('nobody-here@example.test', 'Whatever123');
    await expect(shown(page, text('en', 'signIn.notice.invalidCredentials'))).toBeVisible();
  });

  test('empty fields ask for the e-mail and the password and send nothing', async ({ page }) => {
    const login = loginScreen(page);
    await login.open();
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/login')) loginCalls += 1;
    });
    await login.submit.click();
    await expect(
      page.getByText(text('en', 'validation.enterField', { field: text('en', 'field.email') })),
    ).toBeVisible();
    await expect(
      page.getByText(text('en', 'validation.enterField', { field: text('en', 'field.password') })),
    ).toBeVisible();
    await expect(login.email).toBeFocused();
    expect(loginCalls).toBe(0);
  });

  test('a malformed e-mail asks for a valid address', async ({ page }) => {
    const login = loginScreen(page);
    await login.open();
    await login.signIn('jana.example.com', 'Whatever123');
    await expect(page.getByText(text('en', 'validation.enterValidEmail'))).toBeVisible();
  });
});

test.describe('routes and redirects', () => {
  test('an unknown route inside the app goes to the sign-in route', async ({ page }) => {
    await page.goto('/signin/no/such/page');
    await expect(loginScreen(page).heading).toBeVisible();
    await expect(page).toHaveURL(/\/signin\/?$/);
  });

  test('a guest opening the default page is sent to sign in and comes back after it', async ({ page, user }) => {
    await page.goto('/');
    const login = loginScreen(page);
    await expect(login.heading).toBeVisible();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/');
    await signInWithPin(page, user);
    await expect(defaultPage(page).signOut).toBeVisible();
  });

  test('after sign-in the browser goes to a same-origin redirect', async ({ page, user }) => {
    const login = loginScreen(page);
    await login.open('?redirect=%2F%3Ffrom%3Dmail');
    await signInWithPin(page, user);
    await expect(page).toHaveURL(/\/\?from=mail$/);
  });

  test('a redirect to another origin is refused and the default page is used', async ({ page, user, baseURL }) => {
    const login = loginScreen(page);
    await login.open('?redirect=https%3A%2F%2Fevil.example%2Fphish');
    await signInWithPin(page, user);
    await expect(defaultPage(page).signOut).toBeVisible();
    const landed = new URL(page.url());
    expect(landed.host).toBe(new URL(baseURL ?? '').host);
    expect(landed.pathname).toBe('/');
  });

  test('an already signed-in visitor of the sign-in route is redirected at once', async ({ page, user }) => {
    await loginScreen(page).open();
    await signInWithPin(page, user);

    await page.goto('/signin/?redirect=%2F%3Fagain%3D1');
    await expect(page).toHaveURL(/\/\?again=1$/);
    await expect(defaultPage(page).signOut).toBeVisible();
  });
});

test.describe('languages', () => {
  for (const lang of ['sk', 'cs', 'en'] as const) {
    test.describe(`in ${lang}`, () => {
      test.use({ lang });

      test(`the login form speaks ${lang} and has no WCAG 2.2 AA violation`, async ({ page }) => {
        const login = loginScreen(page, lang);
        await login.open();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(login.heading).toBeVisible();
        await expect(login.submit).toBeVisible();
        await expectNoAxeViolations(page);

        await login.submit.click();
        await expect(
          page.getByText(text(lang, 'validation.enterField', { field: text(lang, 'field.email') })),
        ).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });
  }

  test('without a choice the app follows the browser language and falls back to Slovak', async ({
    browser,
    baseURL,
  }) => {
    const german = await browser.newContext({ locale: 'de-DE', baseURL });
    const page = await german.newPage();
    await page.goto('/signin/');
    await expect(page.getByRole('heading', { level: 1, name: text('sk', 'signIn.login.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    await german.close();
  });

  test('the language choice in the footer switches the page and is remembered', async ({ page }) => {
    const login = loginScreen(page, 'en');
    await login.open();
    await page.getByLabel(text('en', 'app.language.label')).selectOption('cs');
    await expect(loginScreen(page, 'cs').heading).toBeVisible();
    await page.reload();
    await expect(loginScreen(page, 'cs').heading).toBeVisible();
  });
});

test.describe('failures', () => {
  test('the internal error page offers a reload and has no WCAG 2.2 AA violation', async ({ page }) => {
    let failing = true;
    // A page the server could not render (its renderer failed): the browser renders it and makes the
    // start-up calls itself, and one of them fails.
    await renderInBrowser(page);
    await page.route('**/api/server/version', (route) =>
      failing ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.goto('/signin/');
    await expect(page.getByText(text('en', 'app.error.internal.message'))).toBeVisible();
    await expectNoAxeViolations(page);

    failing = false;
    await page.getByRole('button', { name: text('en', 'app.action.reload') }).click();
    await expect(loginScreen(page).heading).toBeVisible();
  });

  test('a login that gets no answer shows the server-error notice on the form', async ({ page, user }) => {
    const login = loginScreen(page);
    await login.open();
    await page.route('**/api/user/login', (route) => route.abort('connectionrefused'));
    await login.signIn(user.email, user.password);
    // The notice on the form; the live region that announces it holds the same words for a moment.
    await expect(shown(page, text('en', 'signIn.notice.serverError'))).toBeVisible();
  });

  test('a 408 answer shows the network snackbar with a reload action', async ({ page, user }) => {
    const login = loginScreen(page);
    await login.open();
    await page.route('**/api/user/login', (route) =>
      route.fulfill({ status: 408, contentType: 'application/json', body: '{}' }),
    );
    await login.signIn(user.email, user.password);
    await expect(shown(page, text('en', 'app.snackbar.network'))).toBeVisible();
    await expect(page.getByRole('button', { name: text('en', 'app.action.reload') })).toBeVisible();
  });
});

test.describe('request budget', () => {
  // Each test waits until the page has done what it does on start (every start-up call answered,
  // and on the sign-in page the autofill request pending), then until the network is idle
  // (no request for 500 ms), and only then counts.
  const apiCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
    });
    return calls;
  };
  const answered = (page: Page, path: string) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === path);

  test('the sign-in page makes no start-up call: its data came with the page', async ({ page }) => {
    const requests = await recordCredentialRequests(page);
    const calls = apiCalls(page);
    await loginScreen(page).open();
    await expect
      .poll(() => requests.filter((r) => r.mediation === 'conditional' && r.outcome === 'pending').length)
      .toBe(1);
    await page.waitForLoadState('networkidle');
    // One call only: the passkey options for the autofill request.
    expect(calls).toEqual(['GET /api/webauthn/get']);
  });

  test('a page the server did not render asks for each start-up source exactly once', async ({ page }) => {
    await renderInBrowser(page);
    const calls = apiCalls(page);
    const sources = ['/api/user/info', '/api/server/info', '/api/server/version', '/api/device/userlist'];
    const started = Promise.all(sources.map((source) => answered(page, source)));
    await loginScreen(page).open();
    await started;
    await page.waitForLoadState('networkidle');
    for (const source of sources) {
      expect(
        calls.filter((call) => call === `GET ${source}`),
        source,
      ).toHaveLength(1);
    }
  });

  test('the signed-in default page asks for user info and version once and then stays quiet', async ({
    page,
    user,
  }) => {
    await loginScreen(page).open();
    await signInWithPin(page, user);
    const calls = apiCalls(page);
    const started = Promise.all([answered(page, '/api/user/info'), answered(page, '/api/server/version')]);
    await page.reload();
    await expect(defaultPage(page).signOut).toBeVisible();
    await started;
    await page.waitForLoadState('networkidle');
    expect(calls.toSorted()).toEqual(['GET /api/server/version', 'GET /api/user/info']);
  });
});
