// Nothing on a page moves once it is shown, even when its fonts arrive late
// (docs/decisions/0117-server-rendered-first-view.md, "Fonts"): a word that changes width when a
// font is swapped in wraps a paragraph again, and the fields and buttons below it move under the
// finger of someone about to press them. The fonts are held back well past the first paint, as on
// a slow line, and every layout shift the browser reports is collected until they have arrived.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { PIN_STEP_COOKIE } from '@gatehouse/contract';
import { expect, mailedResetLink, test, text, type Locale } from '../fixtures.ts';
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
 * Records the page's layout shifts (those not caused by input, as Cumulative Layout Shift counts
 * them) with the elements that moved, on every page loaded from here on; unless told otherwise it
 * also holds every font file back by FONT_DELAY_MS. Answers the check: once the app has taken the
 * page over and the fonts have arrived and been drawn (held back: fonts were asked for, and all
 * came), nothing moved on the page last loaded.
 */
async function watchLayout(
  page: Page,
  { fonts: holding }: { fonts: 'held back' | 'as they come' } = { fonts: 'held back' },
): Promise<(what?: string) => Promise<void>> {
  const fonts = new Set<string>();
  const arrived = new Set<string>();
  if (holding === 'held back') {
    await page.route('**/signin/assets/*.woff2', async (route) => {
      fonts.add(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
      await route.continue();
    });
    page.on('requestfinished', (request) => {
      if (fonts.has(request.url())) arrived.add(request.url());
    });
  }
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
      // The rectangles are the parts in the window: an element reaching below it is cut at its edge.
      const rect = (r: DOMRectReadOnly) =>
        `x ${Math.round(r.x)}, y ${Math.round(r.y)}, ${Math.round(r.width)} × ${Math.round(r.height)}`;
      return `${what} (${rect(was)} → ${rect(now)})`;
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
              `at ${Math.round(entry.startTime)} ms; when reported, the document ${document.documentElement.scrollHeight} px high in a window ${innerHeight} px high, ${document.readyState === 'loading' ? 'still being read' : 'read'}`,
              ...entry.sources.map(describe),
            ],
          });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async (what) => {
    await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
    if (holding === 'held back') {
      await expect.poll(() => fonts.size > 0 && arrived.size === fonts.size, { timeout: 15_000 }).toBe(true);
    } else {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    }
    // Two frames drawn after the last font, and a moment for any late re-render.
    await page.evaluate(
      () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))),
    );
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts), what).toEqual([]);
  };
}

/**
 * A server in front of `upstream` that sends one page's `markup` in two parts, as a slow or busy
 * line does: up to `at`, and the rest once `release` is called. Other requests pass through.
 */
async function servedInTwoParts(
  markup: string,
  at: number,
  upstream: string,
): Promise<{ origin: string; release: () => void; close: () => Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', upstream);
      if (request.method === 'GET' && request.headers['sec-fetch-dest'] === 'document') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        response.write(markup.slice(0, at));
        await released;
        response.end(markup.slice(at));
        return;
      }
      const answer = await fetch(url, { method: request.method, headers: { accept: request.headers.accept ?? '*/*' } });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    release,
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
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
      const link = await mailedResetLink(page.request, baseURL, user.email);
      const expectNothingMoved = await watchLayout(page);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'reset.title') })).toBeVisible();
      await expectNothingMoved();
    });
  });

  test.describe(`${lang} at ${width} px, the page arriving in two parts`, () => {
    test.use({ lang, viewport: { width, height: 760 } });

    test('the reset-password page, painted before the browser has read all of it, does not move as the rest arrives', async ({
      page,
      baseURL,
      user,
    }) => {
      const link = new URL(await mailedResetLink(page.request, baseURL, user.email), baseURL);
      const markup = await (await page.request.get(link.href)).text();
      // The footer is the page's last part and sits at the bottom of this short page: a paint made
      // while the browser is inside it shows a part of it, and the rest is added below that part.
      const footer = markup.indexOf('<footer');
      expect(footer, 'the page has a footer').toBeGreaterThan(0);
      const stops = [
        { before: 'its language row', tag: '<div', element: 'footer div' },
        { before: 'the list of languages', tag: '<select', element: 'footer select' },
        { before: 'the copyright line', tag: '<p', element: 'footer p' },
      ];
      const expectNothingMoved = await watchLayout(page, { fonts: 'as they come' });
      for (const { before, tag, element } of stops) {
        const at = markup.indexOf(tag, footer);
        expect(at, `the footer has ${before}`).toBeGreaterThan(footer);
        const relay = await servedInTwoParts(markup, at, link.origin);
        try {
          await page.goto(`${relay.origin}${link.pathname}${link.search}`, { waitUntil: 'commit' });
          // The first part is painted, and the browser waits for the rest.
          await expect
            .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
            .toBe(1);
          expect(await page.locator(element).count(), `painted before ${before}`).toBe(0);
          relay.release();
          await expect(page.getByRole('heading', { level: 1, name: text(lang, 'reset.title') })).toBeVisible();
          await expectNothingMoved(`painted before ${before}`);
        } finally {
          await relay.close();
        }
      }
    });
  });
}
