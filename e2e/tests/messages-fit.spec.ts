// Every message whole: each text of every catalogue, rendered in the real snackbar, the real
// notice and the real field message at 320 px, must show all of itself (nothing clipped to an
// ellipsis, nothing outside the screen); and a snackbar keeps the footer's language choice
// reachable (docs/decisions/0010-focus-and-announcements.md).
import IntlMessageFormat from 'intl-messageformat';
import type { Page } from '@playwright/test';
import { catalogue, expect, test, text, type Locale } from '../fixtures.ts';
import { shown, tabTo, textsOf, typeAsPerson } from '../people.ts';

const LOCALES: readonly Locale[] = ['sk', 'en', 'cs'];
const NARROWEST = { width: 320, height: 640 };

// ICU element types (@formatjs/icu-messageformat-parser TYPE).
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;
type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }>; children?: Element[] };

/** Long but real values: the longest name and address a patient might have. */
const LONG_TEXT = 'Mgr. Alžběta Šťastná-Dvořáková (alzbeta.stastna-dvorakova@nemocnice-example.cz)';

function sampleValues(elements: Element[], values: Record<string, unknown> = {}): Record<string, unknown> {
  for (const element of elements) {
    if (element.type === ARGUMENT && element.value) values[element.value] = LONG_TEXT;
    if ((element.type === NUMBER || element.type === PLURAL) && element.value) values[element.value] = 55;
    if (element.type === SELECT && element.value) values[element.value] = 'other';
    if (element.type === TAG && element.value) values[element.value] = (chunks: string[]) => chunks.join('');
    for (const option of Object.values(element.options ?? {})) sampleValues(option.value, values);
    if (element.children) sampleValues(element.children, values);
  }
  return values;
}

/** Every message of a locale as the app shows it, placeholders filled with long values. */
function everyText(lang: Locale): { id: string; text: string }[] {
  return Object.entries(catalogue(lang)).map(([id, source]) => {
    const message = new IntlMessageFormat(source, lang);
    const formatted = message.format(sampleValues(message.getAst() as Element[]));
    return { id, text: Array.isArray(formatted) ? formatted.join('') : String(formatted) };
  });
}

interface Misfit {
  id: string;
  why: string;
}

/**
 * Puts each text into the element `selector` finds and checks that it shows whole: no element
 * from it up to `container` clips it (a line clamp, hidden overflow, an ellipsis), it stays
 * within the screen's width (and height, for the snackbar, which is fixed to the screen), and
 * the page does not scroll sideways.
 */
async function misfits(
  page: Page,
  selector: string,
  container: string,
  texts: { id: string; text: string }[],
  fixed = false,
): Promise<Misfit[]> {
  return page.evaluate(
    ({ selector, container, texts, fixed }) => {
      const target = document.querySelector<HTMLElement>(selector);
      const box = target?.closest<HTMLElement>(container);
      if (!target || !box) throw new Error(`no ${selector} inside ${container}`);
      const found: { id: string; why: string }[] = [];
      for (const { id, text } of texts) {
        target.textContent = text;
        for (let node: HTMLElement | null = target; node && node !== box.parentElement; node = node.parentElement) {
          const style = getComputedStyle(node);
          const clipsY = style.overflowY !== 'visible' || style.webkitLineClamp !== 'none';
          const clipsX = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
          if (clipsY && node.scrollHeight > node.clientHeight + 1)
            found.push({
              id,
              why: `clipped in height by <${node.className}> (${node.scrollHeight} > ${node.clientHeight})`,
            });
          if (clipsX && node.scrollWidth > node.clientWidth + 1)
            found.push({
              id,
              why: `clipped in width by <${node.className}> (${node.scrollWidth} > ${node.clientWidth})`,
            });
        }
        for (const element of [target, box]) {
          const rect = element.getBoundingClientRect();
          if (rect.left < -0.5 || rect.right > window.innerWidth + 0.5)
            found.push({ id, why: `wider than the screen (${Math.round(rect.left)} – ${Math.round(rect.right)})` });
          if (fixed && (rect.top < -0.5 || rect.bottom > window.innerHeight + 0.5))
            found.push({ id, why: `taller than the screen (${Math.round(rect.top)} – ${Math.round(rect.bottom)})` });
        }
        if (document.documentElement.scrollWidth > window.innerWidth)
          found.push({ id, why: 'the page scrolls sideways' });
      }
      return found;
    },
    { selector, container, texts, fixed },
  );
}

/** The demo page's snackbar with an action (the narrowest message column), open. */
async function openSnackbar(page: Page, lang: Locale) {
  await page.goto('/signin/tm-snackbar');
  await page.getByRole('button', { name: text(lang, 'demo.snackbar.action.button') }).click();
  await expect(page.locator('[data-snackbar-id]')).toBeVisible();
}

test.describe('every message whole at 320 px', () => {
  test.use({ viewport: NARROWEST });

  for (const lang of LOCALES) {
    test.describe(lang, () => {
      test.use({ lang });

      test(`every ${lang} text fits the snackbar`, async ({ page }) => {
        await openSnackbar(page, lang);
        const texts = everyText(lang);
        expect(texts.length).toBeGreaterThan(200);
        expect(await misfits(page, '[data-snackbar-id]', '[data-open]', texts, true)).toEqual([]);
      });

      test(`every ${lang} text fits a notice and a field message`, async ({ page }) => {
        await page.goto('/signin/tm-controls');
        const texts = everyText(lang);
        await expect(page.locator('[data-variant="error"]').first()).toBeVisible();
        expect(await misfits(page, '[data-variant="error"] > div:last-child', '[data-variant="error"]', texts)).toEqual(
          [],
        );
        const field = page.getByLabel(text(lang, 'demo.controls.emailInvalid.label'), { exact: true });
        const errorId = `${await field.getAttribute('id')}-error`;
        expect(await misfits(page, `[id="${errorId}"] > span`, 'main', texts)).toEqual([]);
      });
    });
  }

  test.describe('the check itself', () => {
    test.use({ lang: 'sk' });
    test('finds a clipped message (the two-line clamp it replaced)', async ({ page }) => {
      await openSnackbar(page, 'sk');
      // The old rule, put back on the message (through the CSSOM: the page's CSP refuses style tags).
      await page.locator('[data-snackbar-id]').evaluate((message) => {
        Object.assign(message.style, {
          display: '-webkit-box',
          webkitLineClamp: '2',
          webkitBoxOrient: 'vertical',
          overflow: 'hidden',
        });
      });
      const long = everyText('sk').filter(
        ({ id }) => id === 'signIn.snackbar.pinMailFailed' || id === 'app.snackbar.botCheckUnavailable',
      );
      const found = await misfits(page, '[data-snackbar-id]', '[data-open]', long, true);
      expect(found.map((misfit) => misfit.id)).toContain('app.snackbar.botCheckUnavailable');
    });
  });
});

/** Signs in on the login form while the mail server cannot take the PIN: the snackbar the server's answer shows. */
async function showPinMailSnackbar(page: Page, t: ReturnType<typeof textsOf>) {
  await page.route('**/api/user/login', (route) =>
    route.fulfill({ json: { status: 'failed', reasons: ['pin_code_mail_failed'] } }),
  );
  await page.goto('/signin/');
  await page.getByLabel(t('signIn.login.email'), { exact: true }).fill('jana@example.test');
  const password = page.getByLabel(t('signIn.login.password'), { exact: true });
  await typeAsPerson(password, 'Secret-1234');
  await password.press('Enter');
  const message = shown(page, t('signIn.snackbar.pinMailFailed'));
  await expect(message).toBeVisible();
  return message;
}

test.describe('a snackbar and the footer', () => {
  for (const { lang, viewport } of [
    { lang: 'sk', viewport: { width: 360, height: 640 } },
    // The language choice is inside the viewport here, under where the snackbar appears.
    { lang: 'sk', viewport: { width: 1280, height: 800 } },
    { lang: 'cs', viewport: { width: 1280, height: 720 } },
  ] as const) {
    test.describe(`in ${lang} at ${viewport.width}×${viewport.height} px`, () => {
      test.use({ lang, viewport });

      test('the whole message shows and the language choice stays reachable', async ({ page }) => {
        const t = textsOf(lang);
        const message = await showPinMailSnackbar(page, t);
        const whole = await message.evaluate(
          (el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
        );
        expect(whole).toBe(true);

        // Scrolled to the end, the language choice is above the snackbar, and a click reaches it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const language = page.getByLabel(t('app.language.label'));
        const snackbar = await page.locator('[data-open] > div').boundingBox();
        const select = await language.boundingBox();
        expect(snackbar && select).toBeTruthy();
        if (!snackbar || !select) return;
        expect(select.y + select.height, 'the language choice ends above the snackbar').toBeLessThanOrEqual(snackbar.y);
        const hit = await language.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === el;
        });
        expect(hit).toBe(true);
        await language.selectOption('en');
        await expect(page.getByRole('heading', { level: 1, name: text('en', 'signIn.login.title') })).toBeVisible();
      });

      test('a keyboard user who tabs to the language choice finds it clear of the snackbar', async ({ page }) => {
        const t = textsOf(lang);
        await showPinMailSnackbar(page, t);

        // Keyboard only: Tab on from the password field until the language choice has focus.
        const language = page.getByLabel(t('app.language.label'));
        await tabTo(page, language, 20);
        await expect(language).toBeFocused();
        // Not hidden behind the snackbar: the point at its centre is the select itself.
        const uncovered = await language.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === el;
        });
        expect(uncovered, 'the focused language choice is not under the snackbar').toBe(true);
      });
    });
  }
});
