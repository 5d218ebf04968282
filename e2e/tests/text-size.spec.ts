// The browser's text size: many older people set it larger (Chrome's Settings → Appearance → Font
// size, "Very large" is 24 px against the default 16). Every text of the sign-in grows with it —
// labels, fields, buttons, notices, the typed PIN, not only the headings; the icons beside them and
// the box to tick grow alike — and nothing is cut off or pushed sideways off a phone's screen
// (docs/decisions/0180-text-size.md).
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  isPinMail,
  pinFrom,
  signInAndOutWithApi,
  test,
  waitForMail,
  type Locale,
} from '../fixtures.ts';
import { expectScreen, JOURNEY_TIMEOUT_MS, shown, tabTo, textsOf, typeAsPerson } from '../people.ts';
import { loginScreen } from '../screens/login-screen.ts';
import { pinScreen, rememberedScreens } from '../screens/pin-screen.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const DEFAULT_SIZE = 16;
/** Chrome's "Very large". */
const VERY_LARGE = 24;

/** Sets the browser's text size as its settings do (the standard and the fixed-width font's). */
async function setTextSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round((px * 13) / 16) } });
  await cdp.detach();
}

/**
 * The size of every visible text of the page (an element with text of its own, a field, a list:
 * its font size), of every icon that goes with a text and of every box to tick (their width), keyed
 * by what they say: the same screen measured at two text sizes gives the same keys. The logo and an
 * icon that is a button's only content (the button named by its label) keep their size.
 */
async function textSizes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const sizes: Record<string, number> = {};
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const words = (element: Element | null | undefined) => (element?.textContent ?? '').trim().slice(0, 50);
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('[data-announcer], script, style, svg') || !shown(element)) continue;
      // A field shows text; a box to tick does not (its size is the browser's own).
      const isField =
        (element instanceof HTMLInputElement && !['checkbox', 'radio'].includes(element.type)) ||
        element instanceof HTMLSelectElement;
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!isField && ownText === '') continue;
      const key = `<${element.tagName.toLowerCase()}${isField ? ` ${element.getAttribute('name') ?? element.id}` : ''}> ${ownText.slice(0, 50)}`;
      sizes[key] = parseFloat(getComputedStyle(element).fontSize);
    }
    for (const icon of document.body.querySelectorAll('svg')) {
      if (!shown(icon) || icon.getAttribute('role') === 'img' || icon.closest('[data-announcer]')) continue;
      const button = icon.closest('button');
      if (button && words(button) === '') continue;
      // The text it goes with: the nearest enclosing element that has some.
      let holder = icon.parentElement;
      while (holder && words(holder) === '') holder = holder.parentElement;
      sizes[`<svg> beside ${words(holder)}`] = icon.getBoundingClientRect().width;
    }
    for (const box of document.body.querySelectorAll<HTMLElement>('input[type="checkbox"], [role="checkbox"]')) {
      // Not the visually hidden input a drawn box keeps for forms (1 px, clipped).
      if (!shown(box) || box.getBoundingClientRect().width <= 1) continue;
      const label =
        document.getElementById(box.getAttribute('aria-labelledby') ?? '') ??
        (box instanceof HTMLInputElement ? box.labels?.[0] : null);
      sizes[`<checkbox> ${words(label)}`] = box.getBoundingClientRect().width;
    }
    return sizes;
  });
}

/** What does not fit: the page scrolls sideways, or a control's text overflows its box. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${window.innerWidth})`);
    for (const control of document.querySelectorAll<HTMLElement>('button, input, select, label, [role="alert"]')) {
      const box = control.getBoundingClientRect();
      // The announcer's live regions are hidden on purpose (read out, not shown).
      if (box.width === 0 || box.height === 0 || control.closest('[data-announcer]')) continue;
      if (control.scrollHeight > control.clientHeight + 1 || control.scrollWidth > control.clientWidth + 1)
        found.push(
          `<${control.tagName.toLowerCase()}> "${(control.textContent || control.getAttribute('aria-label') || (control as HTMLInputElement).value || '').trim().slice(0, 40)}": ${control.scrollWidth}×${control.scrollHeight} in ${control.clientWidth}×${control.clientHeight}`,
        );
    }
    return found;
  });
}

/**
 * The screen as it is, measured at the default text size and then at "Very large": every text is
 * 1.5 times as large (none stays at a fixed size), nothing is cut off, and axe finds nothing.
 * Leaves the page at "Very large".
 */
async function expectTextGrows(page: Page): Promise<void> {
  await setTextSize(page, DEFAULT_SIZE);
  const before = await textSizes(page);
  await setTextSize(page, VERY_LARGE);
  const after = await textSizes(page);
  expect(Object.keys(after).sort(), 'the same texts at both sizes').toEqual(Object.keys(before).sort());
  expect(Object.keys(before).length, 'texts measured').toBeGreaterThan(3);
  const fixed = Object.entries(before)
    .filter(([key, size]) => Math.abs((after[key] ?? 0) / size - VERY_LARGE / DEFAULT_SIZE) > 0.05)
    .map(([key, size]) => `${key}: ${size} px → ${after[key]} px`);
  expect(fixed, 'texts, icons or boxes that did not grow with the browser text size').toEqual([]);
  expect(await cutOff(page), 'cut off at the larger text size').toEqual([]);
  await expectNoAxeViolations(page);
}

const RUNS: readonly { lang: Locale; viewport: { width: number; height: number } }[] = [
  { lang: 'sk', viewport: { width: 360, height: 740 } },
  { lang: 'cs', viewport: { width: 1280, height: 800 } },
];

for (const { lang, viewport } of RUNS) {
  test.describe(`the browser's text size set to "Very large", in ${lang} at ${viewport.width} px`, () => {
    test.use({ lang, viewport });
    const t = textsOf(lang);

    test('the sign-in and the PIN step, typed with the keyboard: every text grows and nothing is cut off', async ({
      page,
      user,
    }) => {
      const login = loginScreen(page, lang);
      await page.goto('/signin/');
      await expect(login.heading).toBeVisible();
      // At the default size the design's figures hold: buttons 14 px, weight 600.
      const submit = login.submit;
      await expect(submit).toHaveCSS('font-size', '14px');
      await expect(submit).toHaveCSS('font-weight', '600');
      await expectTextGrows(page);
      await expect(submit).toHaveCSS('font-size', '21px');

      // Sent empty from the keyboard: each field's message, its icon beside it, grows alike.
      await tabTo(page, login.email, 15);
      await page.keyboard.press('Enter');
      await expect(login.email).toBeFocused();
      await expect(shown(page, t('validation.enterField', { field: t('field.email') }))).toBeVisible();
      await expect(shown(page, t('validation.enterField', { field: t('field.password') }))).toBeVisible();
      // Caps Lock on in the password field (the browser reports it with each key): its notice and icon too.
      await tabTo(page, login.password, 5);
      await login.password.evaluate((input) =>
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'A', bubbles: true, modifierCapsLock: true })),
      );
      await expect(shown(page, t('ui.password.capsLock'))).toBeVisible();
      await expectTextGrows(page);

      const since = await login.signInByKeyboard(user.email, user.password);
      await expectScreen(page, t('signIn.pin.title'));

      const code = pinScreen(page, lang).code;
      const pin = pinFrom(await waitForMail(user.email, { since, match: isPinMail }));
      await tabTo(page, code, 10);
      await typeAsPerson(code, pin);
      await expect(code).toHaveValue(pin);
      // The PIN as typed, at the larger size, shows whole in its field.
      await expectTextGrows(page);
      await expect(code).toBeFocused();
    });

    test('the account list shows its accounts in a list area that grows with the text', async ({ page, user }) => {
      const screens = rememberedScreens(page, lang);
      await page.goto('/signin/');
      await signInAndOutWithApi(page, user);
      await page.goto('/signin/');
      const back = screens.back(user);
      await tabTo(page, back, 15);
      await page.keyboard.press('Enter');
      await expectScreen(page, t('signIn.remembered.title'));
      await expect(screens.account(user)).toBeVisible();

      const list = page.getByRole('list', { name: t('signIn.remembered.title') });
      const listHeight = () => list.evaluate((ul) => ul.parentElement?.getBoundingClientRect().height);
      await setTextSize(page, DEFAULT_SIZE);
      const atDefault = await listHeight();
      await expectTextGrows(page);
      // The same rows show at the larger size: the area is 219 px at the default and grows alike.
      expect(atDefault).toBeCloseTo(219, 0);
      expect(await listHeight()).toBeCloseTo((219 * VERY_LARGE) / DEFAULT_SIZE, 0);
    });
  });
}
