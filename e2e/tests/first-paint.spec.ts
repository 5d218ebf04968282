// The first paint is the real screen, rendered by the server in the visitor's language, and the
// app takes it over (hydration) without losing what a person typed meanwhile
// (docs/decisions/0117-server-rendered-first-view.md).
import type { Locator, Page } from '@playwright/test';
import { expect, mailedResetLink, test, text, type Locale } from '../fixtures.ts';
import { hydrated, JOURNEY_TIMEOUT_MS, KEY_DELAY_MS, typeAsPerson } from '../people.ts';
import { loginScreen } from '../screens/login-screen.ts';
import { pinScreen } from '../screens/pin-screen.ts';

// Pages held back on purpose while a person types, and a PIN step reloaded: a journey's time-out.
test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Console errors and uncaught exceptions: a hydration mismatch is reported as one of these. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The methods of the page's own navigations (a form sent the browser's way is a POST). */
function recordNavigations(page: Page): string[] {
  const methods: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) methods.push(request.method());
  });
  return methods;
}

/** Holds the app's scripts (React and the screens; the boot script passes) until the returned function is called. */
async function holdApp(page: Page, scripts = /\/signin\/assets\/(main|core)-[^/]+\.js$/): Promise<() => void> {
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  return letThrough;
}

/**
 * The submit button of a form sent before the app arrived: aria-busy, its label hidden from sight but
 * kept as its name, and an indicator drawn in its place (the boot script's mark, button.module.css).
 */
async function expectEarlyBusy(page: Page, submit: Locator): Promise<void> {
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  const look = await submit.evaluate((button) => {
    const after = getComputedStyle(button, '::after');
    return {
      indicator: after.getPropertyValue('content'),
      width: after.width,
      animation: after.animationName,
      label: getComputedStyle(button.querySelector('span') as Element).opacity,
    };
  });
  expect(look).toEqual({ indicator: '""', width: '17.25px', animation: expect.stringMatching(/spin/), label: '0' });
  expect(await hydrated(page)).toBe(false);
}

/**
 * The font files this page fetched (names without their hash) once its fonts are ready, and their
 * bytes. Only the latin files and the small files of the Slovak and Czech letters are expected: a
 * whole latin-ext file would mean a letter of this page is not in the small files' range.
 */
async function fetchedFonts(page: Page): Promise<{ files: string[]; bytes: number }> {
  await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  const fonts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => ({
        file: new URL(entry.name).pathname.replace(/^.*\/|-\w+\.woff2$/g, ''),
        bytes: (entry as PerformanceResourceTiming).encodedBodySize,
      })),
  );
  const files = fonts.map((font) => font.file);
  for (const file of files) expect(file).toMatch(/^(open-sans|roboto)-(latin|sk-cs)-(400|600)-normal$/);
  return { files, bytes: fonts.reduce((sum, font) => sum + font.bytes, 0) };
}

for (const { lang, width } of [
  { lang: 'sk', width: 360 },
  { lang: 'cs', width: 360 },
  { lang: 'en', width: 1280 },
] as const satisfies readonly { lang: Locale; width: number }[]) {
  test.describe(`${lang} at ${width} px`, () => {
    test.use({ lang, viewport: { width, height: 760 } });

    test('shows the sign-in form with all its texts before any script runs', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 760 } });
      await context.addCookies([{ name: 'gh_lang', value: lang, url: baseURL ?? '' }]);
      const page = await context.newPage();
      await page.goto('/signin/');
      const login = loginScreen(page, lang);
      await expect(login.heading).toBeVisible();
      await expect(login.email).toBeVisible();
      await expect(login.password).toBeVisible();
      await expect(login.submit).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await context.close();
    });

    test('fetches the small files of the Slovak and Czech letters, not the whole latin-ext ones', async ({
      page,
      baseURL,
      user,
    }) => {
      // The sign-in page: Open Sans only. Every page names "Slovenčina" and "Čeština" in its
      // language list, drawn from the small 400 file.
      await page.goto('/signin/');
      const signIn = await fetchedFonts(page);
      expect(signIn.files).toContain('open-sans-sk-cs-400-normal');
      // Two latin files and two small ones at most: 48,096 bytes as built (with the whole latin-ext
      // files instead of the small ones, 67,920).
      expect(signIn.bytes).toBeLessThanOrEqual(50_000);

      // The reset-password page: its hint is in Roboto ("veľkého", "písmeno" in sk and cs).
      await page.goto(await mailedResetLink(page.request, baseURL, user.email));
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'reset.title') })).toBeVisible();
      const reset = await fetchedFonts(page);
      if (lang !== 'en') expect(reset.files).toContain('roboto-sk-cs-400-normal');
      // 75,712 bytes in sk as built (104,844 with the whole latin-ext files).
      expect(reset.bytes).toBeLessThanOrEqual(80_000);
    });

    test('keeps every key typed while the script was still loading, then signs in', async ({ page, user }) => {
      const problems = recordProblems(page);
      // A slow phone network: the app's scripts arrive 2 s after the page.
      await page.route('**/signin/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await route.continue();
      });
      await page.goto('/signin/', { waitUntil: 'commit' });
      const login = loginScreen(page, lang);
      await expect(login.email).toBeVisible();
      expect(await hydrated(page)).toBe(false);
      // The person starts typing at once, key by key, into the painted form.
      await typeAsPerson(login.email, user.email);
      await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
      await expect(login.email).toHaveValue(user.email);
      await expect(login.email).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.type(user.password, { delay: KEY_DELAY_MS });
      await page.keyboard.press('Enter');
      await expect(pinScreen(page, lang).heading).toBeVisible();
      expect(problems).toEqual([]);
    });

    test('a form sent before the script arrived puts nothing in an address and comes back to the page', async ({
      page,
      user,
    }) => {
      const addresses: string[] = [];
      page.on('request', (request) => addresses.push(request.url()));
      // Scripts slower than the typing (up to 4 s at a person's pace).
      await page.route('**/signin/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        await route.continue();
      });
      await page.goto('/signin/', { waitUntil: 'commit' });
      const login = loginScreen(page, lang);
      await typeAsPerson(login.email, user.email);
      await typeAsPerson(login.password, user.password);
      expect(await hydrated(page)).toBe(false);
      await login.password.press('Enter');
      await expect(page).toHaveURL(/\/signin\/$/);
      await expect(login.heading).toBeVisible();
      expect(
        addresses.filter((url) => url.includes(encodeURIComponent(user.password)) || url.includes(user.password)),
      ).toEqual([]);
      expect(addresses.filter((url) => url.includes(encodeURIComponent(user.email)))).toEqual([]);
    });

    test('sends a form sent before the app arrived once it has, without typing again', async ({ page, user }) => {
      const problems = recordProblems(page);
      const navigations = recordNavigations(page);
      const letAppThrough = await holdApp(page);
      await page.goto('/signin/', { waitUntil: 'commit' });
      const login = loginScreen(page, lang);
      await typeAsPerson(login.email, user.email);
      await typeAsPerson(login.password, user.password);
      await login.password.press('Enter');
      // The app is not there yet; the button shows that the sending is under way, as the app's does.
      await expectEarlyBusy(page, login.submit);
      await page.waitForTimeout(500);
      expect(await hydrated(page)).toBe(false);
      await expect(login.password).toBeFocused();
      letAppThrough();
      // Once it is, the sending is done (once, by the app: the page is not sent again).
      await expect(pinScreen(page, lang).heading).toBeVisible({ timeout: 15_000 });
      expect(navigations).toEqual(['GET']);
      expect(problems).toEqual([]);
    });

    test('shows a form sent empty before the app arrived as busy, then what is missing once it has', async ({
      page,
    }) => {
      const logins: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/user/login')) logins.push(request.method());
      });
      const letAppThrough = await holdApp(page);
      await page.goto('/signin/', { waitUntil: 'commit' });
      const login = loginScreen(page, lang);
      await login.email.click();
      await page.keyboard.press('Enter');
      await expectEarlyBusy(page, login.submit);
      letAppThrough();
      // The app checks the form as if sent now: the messages, focus on the first field, and the
      // button no longer busy (nothing was sent).
      await expect(login.email).toHaveAccessibleDescription(new RegExp(text(lang, 'validation.enterEmail')), {
        timeout: 15_000,
      });
      await expect(login.email).toBeFocused();
      await expect(login.submit).not.toHaveAttribute('aria-busy');
      expect(
        await login.submit.evaluate((button) => getComputedStyle(button, '::after').getPropertyValue('content')),
      ).toBe('none');
      await expect(login.submit.locator('span').last()).toHaveCSS('opacity', '1');
      expect(logins).toEqual([]);
    });

    test('paints the PIN step again after a reload during it, and the app takes it over', async ({ page, user }) => {
      const problems = recordProblems(page);
      const login = loginScreen(page, lang);
      await login.open();
      await typeAsPerson(login.email, user.email);
      await typeAsPerson(login.password, user.password);
      await login.submit.press('Enter');
      const pin = pinScreen(page, lang);
      await expect(pin.heading).toBeVisible();
      const since = Date.now() - 60_000;
      await page.route('**/signin/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.reload({ waitUntil: 'commit' });
      // Painted by the server: the PIN step, not the login form, before the scripts arrive.
      await expect(pin.heading).toBeVisible();
      expect(await hydrated(page)).toBe(false);
      // The app takes that very screen over: the painted elements stay (none is rendered again).
      const box = page.getByRole('checkbox', { name: text(lang, 'signIn.pin.rememberDevice') });
      for (const painted of [pin.heading, box])
        await painted.evaluate((element) => Object.assign(element, { paintedByServer: true }));
      await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
      // Until the remaining attempts have come and the screen was rendered with them.
      await expect
        .poll(() =>
          page.evaluate(() => performance.getEntriesByName(new URL('/api/user/pincode', location.href).href).length),
        )
        .toBe(1);
      await page.waitForTimeout(300);
      for (const painted of [pin.heading, box])
        expect(await painted.evaluate((element) => 'paintedByServer' in element)).toBe(true);
      await pin.enterMailedPin(user, since);
      // Signed in: the passkey offer (this browser has WebAuthn) or the default page.
      const signOut = page.getByRole('button', { name: text(lang, 'legacy.signOut') });
      const askLater = page.getByRole('button', { name: text(lang, 'signIn.passkeyOffer.askLater') });
      await expect(signOut.or(askLater)).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}

test('fetches the app only once the page has painted, and no font or script before', async ({ page }) => {
  await page.goto('/signin/');
  await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
  const timeline = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    resources: performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
  expect(timeline.paint).not.toBeNull();
  const paint = timeline.paint ?? 0;
  const before = timeline.resources.filter((entry) => entry.startTime < paint).map((entry) => entry.path);
  // Before the paint: the stylesheets, the boot script and its small chunk (Vite's preload helper), and the
  // font files the layout asked for; the app (React and the screens) after it.
  const app = timeline.resources.filter((entry) => /\/assets\/(main|core)-[^/]+\.js$/.test(entry.path));
  expect(app.length).toBeGreaterThan(0);
  for (const entry of app) expect(entry.startTime, entry.path).toBeGreaterThanOrEqual(paint);
  // The page's icon may come before it too: the browser asks for it on its own schedule, and it holds
  // nothing (neither script nor font; CI met it once on a busy machine).
  for (const path of before)
    expect(path).toMatch(/\/assets\/[^/]+\.(css|woff2)$|\/assets\/(index|boot)-[^/]+\.js$|^\/signin\/favicon\.svg$/);
});

test('does a press made before the app arrived once it has', async ({ page }) => {
  const letAppThrough = await holdApp(page);
  await page.goto('/signin/', { waitUntil: 'commit' });
  const login = loginScreen(page, 'en');
  await typeAsPerson(login.password, 'Secret 1');
  await page.getByRole('button', { name: text('en', 'ui.password.show') }).click();
  await page.waitForTimeout(500);
  expect(await hydrated(page)).toBe(false);
  await expect(login.password).toHaveAttribute('type', 'password');
  letAppThrough();
  await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
  // The press shows the password, once (twice would hide it again); what was typed stays.
  await expect(page.getByRole('button', { name: text('en', 'ui.password.show') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(login.password).toHaveAttribute('type', 'text');
  await expect(login.password).toHaveValue('Secret 1');
});

test('sends a form and does a press once when they come just as the app takes the page over', async ({ page }) => {
  // The app has taken the page over and said so; the presses the boot script held wait for the
  // browser to be idle. A form sent and a button pressed in that moment reach the app once.
  let logins = 0;
  await page.route('**/api/user/login', async (route) => {
    logins += 1;
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': '42' },
      body: JSON.stringify({ status: 'failed', reasons: ['too_many_requests'] }),
    });
  });
  await page.addInitScript(
    (show) => {
      document.addEventListener(
        'gatehouse:app-ready',
        () =>
          // The person's press and sending come in the next task.
          setTimeout(() => {
            document.querySelector<HTMLButtonElement>(`button[aria-label="${show}"]`)?.click();
            const form = document.querySelector('form');
            form?.requestSubmit(form.querySelector<HTMLButtonElement>('button[type="submit"]'));
            // A busy phone: short tasks one after the other for most of a second, so that the browser is
            // not idle before the answer to that sending has come back (the app would take another).
            const until = performance.now() + 900;
            const busy = () => {
              const start = performance.now();
              while (performance.now() - start < 30);
              if (performance.now() < until) setTimeout(busy, 0);
            };
            busy();
          }, 0),
        { once: true },
      );
    },
    text('en', 'ui.password.show'),
  );
  const letAppThrough = await holdApp(page);
  await page.goto('/signin/', { waitUntil: 'commit' });
  const login = loginScreen(page, 'en');
  await typeAsPerson(login.email, 'jana.novakova@example.test');
  await typeAsPerson(login.password, 'Secret 1');
  letAppThrough();
  await expect.poll(() => logins, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toContainText('42');
  // The held presses are done within a second of the app's signal, when the browser is idle.
  await page.waitForTimeout(1_500);
  expect(logins).toBe(1);
  await expect(page.getByRole('button', { name: text('en', 'ui.password.show') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(login.password).toHaveValue('Secret 1');
});

for (const { before, scripts } of [
  // Every script held, the boot script too: the choice is made on the plain painted page.
  { before: 'even the boot script ran', scripts: /\/signin\/assets\/[^/]+\.js$/ },
  { before: 'the app arrived', scripts: undefined },
]) {
  test(`keeps a language chosen before ${before}, and switches to it once the app has`, async ({ page }) => {
    const letScriptsThrough = await holdApp(page, scripts);
    await page.goto('/signin/', { waitUntil: 'commit' });
    await expect(loginScreen(page, 'en').heading).toBeVisible();
    await page.getByLabel(text('en', 'app.language.label')).selectOption('cs');
    await page.waitForTimeout(500);
    expect(await hydrated(page)).toBe(false);
    letScriptsThrough();
    await expect(loginScreen(page, 'cs').heading).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel(text('cs', 'app.language.label'))).toHaveValue('cs');
    await page.reload();
    await expect(loginScreen(page, 'cs').heading).toBeVisible();
  });
}

test('keeps a box ticked before the app arrived, and the app knows it once it has', async ({ page }) => {
  const letAppThrough = await holdApp(page);
  await page.goto('/signin/', { waitUntil: 'commit' });
  const shared = page.getByRole('checkbox', { name: text('en', 'signIn.login.sharedComputer') });
  await shared.check();
  await page.waitForTimeout(500);
  expect(await hydrated(page)).toBe(false);
  letAppThrough();
  await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
  // The app shows what the choice does only when it knows the box is ticked.
  await expect(page.getByText(text('en', 'signIn.login.sharedComputerHint'))).toBeVisible();
  await expect(shared).toBeChecked();
  // Unticked again with the app there: the hint goes, so the app and the box agree.
  await shared.uncheck();
  await expect(page.getByText(text('en', 'signIn.login.sharedComputerHint'))).toBeHidden();
});
