// Nothing on a page moves once it is shown, even when its fonts arrive late
// (docs/decisions/0117-server-rendered-first-view.md, "Fonts"): a word that changes width when a
// font is swapped in wraps a paragraph again, and the fields and buttons below it move under the
// finger of someone about to press them. The fonts are held back well past the first paint, as on
// a slow line, and every layout shift the browser reports is collected until they have arrived.
import type { Page } from '@playwright/test';
import { PIN_STEP_COOKIE } from '@gatehouse/contract';
import { expect, linkFrom, test, text, waitForMail, type Locale } from '../fixtures.ts';
import { loginScreen } from '../screens/login-screen.ts';
import { pinScreen } from '../screens/pin-screen.ts';
import { drawnFonts } from '../fonts.ts';
import { hydrated } from '../people.ts';

/** Longer than any block period a browser gives a font (about 100 ms for `optional`, 3 s at most). */
const FONT_DELAY_MS = 3_500;

interface Shift {
  value: number;
  sources: string[];
}

/**
 * Holds every font file back by FONT_DELAY_MS, and records the page's layout shifts (those not
 * caused by input, as Cumulative Layout Shift counts them) with the elements that moved.
 * Answers the check: once the app has taken the page over and every font asked for has arrived
 * and been drawn, fonts were asked for and nothing moved.
 */
async function watchLayout(page: Page): Promise<() => Promise<void>> {
  const fonts = new Set<string>();
  const arrived = new Set<string>();
  await page.route('**/signin/assets/*.woff2', async (route) => {
    fonts.add(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
    await route.continue();
  });
  page.on('requestfinished', (request) => {
    if (fonts.has(request.url())) arrived.add(request.url());
  });
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    // What moved, from where to where and when: enough to find the cause in a failure's message.
    const describe = (source: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }) => {
      const { node, previousRect: was, currentRect: now } = source;
      const what =
        node instanceof Element
          ? `<${node.tagName.toLowerCase()} class="${node.className}"> ${(node.textContent ?? '').slice(0, 40)}`
          : (node?.textContent?.slice(0, 40) ?? '(gone)');
      return `${what} (y ${Math.round(was.y)} → ${Math.round(now.y)}, height ${Math.round(was.height)} → ${Math.round(now.height)})`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: [
              `at ${Math.round(entry.startTime)} ms, the document ${document.documentElement.scrollHeight} px high`,
              ...entry.sources.map(describe),
            ],
          });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => fonts.size > 0 && arrived.size === fonts.size, { timeout: 15_000 }).toBe(true);
    // Two frames drawn after the last font, and a moment for any late re-render.
    await page.evaluate(
      () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))),
    );
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts)).toEqual([]);
  };
}

for (const { lang, width } of [
  { lang: 'sk', width: 360 },
  { lang: 'cs', width: 360 },
  { lang: 'sk', width: 1280 },
] as const satisfies readonly { lang: Locale; width: number }[]) {
  test.describe(`${lang} at ${width} px, fonts arriving ${FONT_DELAY_MS / 1000} s late`, () => {
    test.use({ lang, viewport: { width, height: 760 } });

    test('the sign-in page does not move', async ({ page }) => {
      const expectNothingMoved = await watchLayout(page);
      const login = loginScreen(page, lang);
      await login.open();
      await expect(login.email).toBeVisible();
      await expectNothingMoved();
    });

    test('before its fonts arrive, the sign-in page draws all its text in one face, the fallback shaped like them', async ({
      page,
    }) => {
      // Held back until the test has looked: a first visit on a slow line.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/signin/assets/*.woff2', async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      const login = loginScreen(page, lang);
      // The page as first painted: its load event waits for the fonts.
      await page.goto('/signin/', { waitUntil: 'domcontentloaded' });
      await expect(login.email).toBeVisible();
      // The heading, a label, the buttons' and links' words, the footer: text of every kind on the page.
      const texts = {
        heading: page.getByRole('heading', { level: 1 }),
        label: page.locator('label').first(),
        submit: login.submit,
        forgotPassword: page.getByRole('button', { name: text(lang, 'signIn.login.forgotPassword') }),
        language: page.locator('footer label').first(),
        copyright: page.getByText(/^© /),
      };
      const faces = new Map<string, string[]>();
      for (const [name, element] of Object.entries(texts)) {
        const fonts = await drawnFonts(element);
        expect(fonts.length, `the fonts of the ${name}`).toBeGreaterThan(0);
        for (const font of fonts) {
          expect(font.isCustomFont, `the ${name} is drawn in a web font that was held back`).toBe(false);
          faces.set(font.familyName, [...(faces.get(font.familyName) ?? []), name]);
        }
      }
      // One face on the device (Arial's metrics where it has them: Liberation Sans on Linux), scaled to
      // each web font: not the system's own font for some text and the fallback for the rest.
      expect(Object.fromEntries(faces), 'the faces the texts are drawn in').toEqual({
        [[...faces.keys()][0] ?? '']: Object.keys(texts),
      });
      release();
    });

    test('the PIN step, opened again in its tab, does not move', async ({ page, baseURL, user }) => {
      // The password step as the app makes it (its call, then the tab's mark), then the page loaded.
      const origin = new URL(baseURL ?? '').origin;
      const login = await page.request.post('/api/user/login', {
        headers: { origin, accept: 'application/json' },
        data: { username: user.email, password: user.password },
      });
      expect(await login.json()).toMatchObject({ status: 'requested_pin_code' });
      await page.context().addCookies([{ name: PIN_STEP_COOKIE, value: '1', url: `${origin}/signin/` }]);
      const expectNothingMoved = await watchLayout(page);
      await page.goto('/signin/');
      const pin = pinScreen(page, lang);
      await expect(pin.heading).toBeVisible();
      await expectNothingMoved();
    });

    test('the reset-password page of a mailed link does not move', async ({ page, baseURL, user }) => {
      const origin = new URL(baseURL ?? '').origin;
      const since = Date.now();
      const asked = await page.request.post('/api/user/forgotpassword', {
        headers: { origin, accept: 'application/json' },
        data: { email: user.email },
      });
      expect(await asked.json()).toMatchObject({ status: 'ok' });
      const mail = await waitForMail(user.email, {
        since,
        match: (m) => m.text.includes('/signin/reset-password?token='),
      });
      const expectNothingMoved = await watchLayout(page);
      await page.goto(linkFrom(mail, '/signin/reset-password'));
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'reset.title') })).toBeVisible();
      await expectNothingMoved();
    });
  });
}
