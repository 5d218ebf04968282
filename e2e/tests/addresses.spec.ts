// E-mail addresses in sentences, as people read them on a phone: an address is never broken at a
// hyphen (a break after it reads as a word split in two, "eva-" / "maria@…"), only after its "@" or
// a dot, and the sentence flows around it as around a word: the words before it fill their line and
// the full stop after it stays on its last line (apps/web/src/shared/ui/address.tsx,
// docs/decisions/0184-addresses-in-sentences.md).
import type { Locator, Page } from '@playwright/test';
import { createUser, expect, expectNoAxeViolations, test, text, type Locale } from '../fixtures.ts';
import { JOURNEY_TIMEOUT_MS, expectScreen } from '../people.ts';
import { loginScreen } from '../screens/login-screen.ts';
import { passOfferIfShown, pinScreen } from '../screens/pin-screen.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const PHONE = { width: 360, height: 740 };

/** The browser's text size as its settings set it: 16 px by default, 24 px is Chrome's "Very large". */
async function setTextSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round((px * 13) / 16) } });
  await cdp.detach();
}

interface AddressLayout {
  /** The address's text on each line it takes, as the screen shows it. */
  lines: string[];
  /** Whether the address, unbroken, is no wider than its paragraph's line. */
  fitsOnALine: boolean;
  /**
   * The address begins a line although its first part (up to "@" or a dot) would have fitted after
   * the word before it: the words before it are left alone on a line that is not full.
   */
  leavesRoomBefore: boolean;
  /** The character right after the address in the sentence, if it is not a space, and whether it is on the address's last line. */
  after: { character: string; onLastLine: boolean } | null;
  /** The character right before the address, if it is not a space ("("), and whether it is on the address's first line. */
  before: { character: string; onFirstLine: boolean } | null;
}

/**
 * Where the lines of `address` fall inside the sentence `paragraph` shows: each character's box
 * (a range over it) gives its line; whatever elements the address is made of, this is what a
 * reader sees.
 */
async function addressLayout(paragraph: Locator, address: string): Promise<AddressLayout> {
  return paragraph.evaluate((element, address) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const characters: { character: string; top: number; right: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue ?? '';
      for (let index = 0; index < value.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        characters.push({ character: value[index] ?? '', top: Math.round(box.top), right: box.right });
      }
    }
    const whole = characters.map(({ character }) => character).join('');
    const start = whole.indexOf(address);
    if (start < 0) throw new Error(`"${address}" is not in "${whole}"`);
    const lines: string[] = [];
    let top: number | null = null;
    for (const { character, top: characterTop } of characters.slice(start, start + address.length)) {
      if (top === null || Math.abs(characterTop - top) > 2) lines.push('');
      top = characterTop;
      lines[lines.length - 1] += character;
    }
    // A text's width on one line, in the paragraph's font.
    const widthOf = (text: string) => {
      const probe = document.createElement('span');
      probe.textContent = text;
      probe.style.whiteSpace = 'pre';
      element.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    };
    const style = getComputedStyle(element);
    const lineLeft = element.getBoundingClientRect().left + element.clientLeft + parseFloat(style.paddingLeft);
    const lineWidth = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const first = characters[start];
    const last = characters[start + address.length - 1];
    const before = characters.slice(0, start).findLast(({ character }) => character.trim() !== '');
    const firstPart = /^[^@.]*[@.]?/.exec(address)?.[0] ?? address;
    const leavesRoomBefore =
      before !== undefined &&
      first !== undefined &&
      before.top !== first.top &&
      lineLeft + lineWidth - before.right >= widthOf(` ${firstPart}`);
    const next = characters[start + address.length];
    const after =
      next && next.character.trim() !== '' && last
        ? { character: next.character, onLastLine: next.top === last.top }
        : null;
    const previous = characters[start - 1];
    const against =
      previous && previous.character.trim() !== '' && first
        ? { character: previous.character, onFirstLine: previous.top === first.top }
        : null;
    return { lines, fitsOnALine: widthOf(address) <= lineWidth, leavesRoomBefore, after, before: against };
  }, address);
}

/** What a reader must see: the address broken only after "@" or a dot, in a sentence that flows around it. */
function expectReadable({ lines, leavesRoomBefore, after, before }: AddressLayout, address: string): void {
  expect(lines.join(''), 'the lines hold the whole address').toBe(address);
  for (const line of lines.slice(0, -1))
    expect(line, `"${lines.join(' / ')}" breaks only after "@" or a dot`).toMatch(/[@.]$/);
  expect(leavesRoomBefore, `"${lines.join(' / ')}" begins a line its first part could have shared`).toBe(false);
  if (after) expect(after.onLastLine, `"${after.character}" after the address is on its last line`).toBe(true);
  if (before) expect(before.onFirstLine, `"${before.character}" before the address is on its first line`).toBe(true);
}

/**
 * The accessible description Chromium itself gives `element` (its accessibility tree, what a screen
 * reader or a braille display gets), not one computed by the test tool.
 */
async function chromiumDescription(page: Page, element: Locator): Promise<string> {
  await element.evaluate((node) => node.setAttribute('data-described-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'document.querySelector("[data-described-probe]")',
    });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    });
    return String(nodes[0]?.description?.value ?? '');
  } finally {
    await cdp.detach();
    await element.evaluate((node) => node.removeAttribute('data-described-probe'));
  }
}

/** What a person gets in the clipboard after selecting `element`'s whole text and pressing Ctrl+C. */
async function copied(page: Page, element: Locator): Promise<string> {
  await element.evaluate((node) => getSelection()?.selectAllChildren(node));
  await page.keyboard.press('Control+C');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  await page.evaluate(() => getSelection()?.removeAllRanges());
  return text;
}

/**
 * A person whose address `email` makes from a unique text signs in by keyboard with their password
 * and reaches the PIN step; answers them, when they sent the password, and the sentence naming the address.
 */
async function atPinStep(page: Page, lang: Locale, email: (unique: string) => string) {
  const unique = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const user = await createUser({ email: email(unique), language: lang });
  await page.goto('/signin/');
  const login = loginScreen(page, lang);
  await login.email.waitFor();
  const since = await login.signInByKeyboard(user.email, user.password);
  await expectScreen(page, text(lang, 'signIn.pin.title'));
  const sentence = page.locator('p').filter({ hasText: text(lang, 'signIn.pin.description', { email: user.email }) });
  return { user, since, sentence };
}

for (const lang of ['sk', 'cs'] as const satisfies readonly Locale[]) {
  test.describe(`addresses in ${lang} at 360 px`, () => {
    test.use({ lang, viewport: PHONE });

    test(`a long address breaks only after "@" or a dot: the PIN step at 360 px and at very large text, then the default and security pages (${lang})`, async ({
      page,
    }) => {
      const t = (id: string, values?: Record<string, string>) => text(lang, id, values);
      // Hyphens where people have them: a double name and surname, a hospital's domain. Longer than a
      // phone's line, each part between "@" and dots shorter than one even at very large text.
      const { user, since, sentence } = await atPinStep(
        page,
        lang,
        (unique) => `eva-maria.novak-horvath.${unique}@nemocnica-example.test`,
      );
      const pin = pinScreen(page, lang);
      await expect(sentence).toHaveCount(1);
      const phone = await addressLayout(sentence, user.email);
      expect(phone.fitsOnALine, 'this address is longer than a phone line at the default text size').toBe(false);
      expectReadable(phone, user.email);
      await expectNoAxeViolations(page);

      // The same screen at very large text: more lines, the same rule.
      await setTextSize(page, 24);
      await expect(pin.code).toBeVisible();
      const large = await addressLayout(sentence, user.email);
      expect(large.lines.length).toBeGreaterThan(phone.lines.length);
      expectReadable(large, user.email);

      // Signed in, on the security page: the password section names the address the link would go to.
      await setTextSize(page, 16);
      await pin.enterMailedPinByKeyboard(user, since);
      await passOfferIfShown(page, lang);
      // The default page names who is signed in: the same rule, the closing bracket on the address's last line.
      await page.goto('/');
      const signedInAs = page.locator('p').filter({ hasText: user.email });
      await expect(signedInAs).toHaveCount(1);
      expectReadable(await addressLayout(signedInAs, user.email), user.email);
      await page.goto('/signin/security');
      await expect(page.getByRole('heading', { level: 1, name: t('security.title') })).toBeVisible();
      const section = page.getByRole('region', { name: t('security.password.heading') });
      const advice = section.locator('p').filter({ hasText: t('security.password.text', { email: user.email }) });
      expectReadable(await addressLayout(advice, user.email), user.email);
      await expectNoAxeViolations(page);
    });

    test(`an address broken over lines is one word to assistive technology and in a copy: the PIN step at very large text (${lang}, 360 px)`, async ({
      page,
      context,
      baseURL,
    }) => {
      const t = (id: string, values?: Record<string, string>) => text(lang, id, values);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
      // Hyphens in the name and in a long domain part: all of it is text in the sentence's line.
      const { user, sentence } = await atPinStep(page, lang, (unique) => `jana-novak.${unique}@nemocnica-example.test`);
      await setTextSize(page, 24);
      const description = t('signIn.pin.description', { email: user.email });
      const layout = await addressLayout(sentence, user.email);
      expect(layout.lines.length, 'at very large text the address takes more than one line').toBeGreaterThan(1);
      expectReadable(layout, user.email);
      // The form is described by the sentence: read with the address whole, not "jana-novak. …@ nemocnica-example. test".
      const form = page.locator('form').filter({ has: pinScreen(page, lang).code });
      expect(await chromiumDescription(page, form)).toBe(description);
      await expect(form).toHaveAccessibleDescription(description);
      // Copied, it is the sentence as it reads: nothing between the address's parts.
      expect(await copied(page, sentence)).toBe(description);
    });

    test(`a hyphenated address that fits on a line is never split at its hyphen on the PIN step (${lang}, 360 px)`, async ({
      page,
    }) => {
      // Short enough for a line, long enough that it seldom fits in what the line's start leaves.
      const { user, sentence } = await atPinStep(page, lang, (unique) => `eva-maria-${unique}@example.test`);
      const layout = await addressLayout(sentence, user.email);
      expect(layout.fitsOnALine).toBe(true);
      expectReadable(layout, user.email);
    });
  });
}
