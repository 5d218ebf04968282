// What people do and what they hear: typing key by key, where focus is, and what the
// app's two live regions said (docs/decisions/0010-focus-and-announcements.md).
import { expect, type Locator, type Page } from '@playwright/test';
import { text, type Locale } from './fixtures.ts';

/** A person's pace: a key every 70 ms (a fast typist; slower ones only widen the gaps a bug needs). */
export const KEY_DELAY_MS = 70;

/**
 * The time-out of a journey: several screens typed at a person's pace, with a mailed PIN or link
 * (the typing tests, the forgotten-password journey, a reset loaded again, a passkey managed after
 * the password again, a shared-computer sign-in, typing while the first paint is held back, the
 * gallery's six photographed screens). They
 * take 15–25 s with two workers on 2 cores, more on a loaded machine; 60 s keeps the slowest-tests
 * warning (past half of the time-out) meaningful. Other tests keep the default 30 s
 * (docs/decisions/0011-fast-deterministic-end-to-end-tests.md).
 */
export const JOURNEY_TIMEOUT_MS = 60_000;

/** Types into a field key by key, as a person does (never `fill`). */
export async function typeAsPerson(field: Locator, value: string): Promise<void> {
  await field.pressSequentially(value, { delay: KEY_DELAY_MS });
}

/**
 * Moves focus with Tab until `target` has it, as a keyboard-only person does (at most `presses`
 * presses); fails, naming where focus is, when Tab never reaches it.
 */
export async function tabTo(page: Page, target: Locator, presses = 30): Promise<void> {
  for (let pressed = 0; pressed < presses; pressed += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  if (await target.evaluate((element) => element === document.activeElement)) return;
  throw new Error(`Tab never reached the control; focus is on ${JSON.stringify(await focused(page))}`);
}

/** Empties a field the way a person does: select everything, delete. */
export async function clearAsPerson(field: Locator): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
}

declare global {
  interface Window {
    __announcements?: { politeness: string; text: string }[];
  }
}

/**
 * Records every text the app's live regions ([data-announcer]) are given, from the first
 * script on. Call before the first `page.goto`.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const said: { politeness: string; text: string }[] = [];
    window.__announcements = said;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const node = mutation.target;
        const region = (node instanceof Element ? node : node.parentElement)?.closest('[data-announcer]');
        const spoken = region?.textContent?.trim() ?? '';
        if (region && spoken !== '')
          said.push({ politeness: region.getAttribute('data-announcer') ?? '', text: spoken });
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** What the live regions said since the page loaded (recordAnnouncements). */
export async function announcements(page: Page, politeness: 'polite' | 'assertive' = 'assertive'): Promise<string[]> {
  return page.evaluate(
    (kind) => (window.__announcements ?? []).filter((a) => a.politeness === kind).map((a) => a.text),
    politeness,
  );
}

/** The focused element, described as a screen reader would name it: its text and its description. */
export async function focused(page: Page): Promise<{ tag: string; text: string; description: string; body: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    const ids = active?.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      text: (active instanceof HTMLInputElement ? '' : active?.textContent) ?? '',
      description: ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      body: active === null || active === document.body,
    };
  });
}

/** After a screen change focus is somewhere (the new screen's heading), never lost to <body>. */
export async function expectFocusNotLost(page: Page): Promise<void> {
  await expect.poll(async () => (await focused(page)).body, { message: 'focus fell to <body>' }).toBe(false);
}

/** A new screen: its h1 is shown and has focus (not the page's first screen). */
export async function expectScreen(page: Page, heading: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeVisible();
  await expect(h1).toBeFocused();
}

/** How a message was told now: by the assertive region (once), by focus alone, or not (yet) as it should be. */
async function howTold(page: Page, message: string): Promise<{ how: 'focus' | 'announced' | null; detail: string }> {
  const said = (await announcements(page)).filter((spoken) => spoken === message).length;
  const now = await focused(page);
  const byFocus = `${now.text} ${now.description}`.includes(message);
  // Said once (focus stayed where the person was, maybe in the very field), or said by focus alone.
  const how = said === 1 ? 'announced' : said === 0 && byFocus ? 'focus' : null;
  return {
    how,
    detail: `said ${said}×, focus on <${now.tag}> "${now.text.slice(0, 60)}" described by "${now.description.slice(0, 80)}"`,
  };
}

/**
 * A mistake was told exactly once: focus moved to what describes it (the field in error, the
 * form's notice) and the assertive region did not repeat it; or the assertive region said it
 * once (focus stayed where the person was). Call it right after the mistake; it then forgets
 * what was said, so the next mistake (the same message too) is counted on its own.
 */
export async function expectToldOnce(page: Page, message: string): Promise<'focus' | 'announced'> {
  await expect
    .poll(
      async () => {
        const { how, detail } = await howTold(page, message);
        return how === null ? detail : 'told';
      },
      { message: `"${message}" told` },
    )
    .toBe('told');
  // Once the page has settled: what focus told must not be said again by the region.
  await settled(page);
  const { how, detail } = await howTold(page, message);
  expect(how, `"${message}" told exactly once: ${detail}`).not.toBeNull();
  await page.evaluate(() => window.__announcements?.splice(0));
  return how ?? 'focus';
}

/**
 * The page has done what the last action started: React has committed and run its effects (two
 * animation frames) and no live region has a message on its way (`data-pending`). A wait on the
 * page's state, for checks that something did not happen (focus stayed, nothing was said).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await expect(page.locator('[data-announcer][data-pending]')).toHaveCount(0);
}

/** Texts of one locale, with simple {placeholders}. */
export function textsOf(lang: Locale) {
  return (id: string, values?: Record<string, string>) => text(lang, id, values);
}

/** A message shown on the page: not the copy a live region holds for screen readers, nor a heading of the same words. */
export function shown(page: Page, message: string): Locator {
  return page.getByText(message, { exact: true }).and(page.locator(':not([data-announcer]):not(h1)'));
}

/** True once React has taken over the page's root (hydrateRoot marks the container). */
export const hydrated = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
