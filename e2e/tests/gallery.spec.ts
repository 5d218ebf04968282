// The README's gallery (docs/gallery/): the main screens in Slovak at 360 px, photographed by every
// end-to-end run, so the pictures always show the product as it is. The account's name and e-mail
// are fixed; a picture is replaced only when the screen really changed (more than a few
// anti-aliased pixels, the words that tell a date and time left out: the security page's times are
// the run's own), so a changed screen shows up in `git status` after `npm test` and an unchanged one
// does not.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import {
  createUser,
  expect,
  isPinMail,
  linkFrom,
  pinFrom,
  signInAndOutWithApi,
  test,
  text,
  waitForMail,
} from '../fixtures.ts';
import { REPO_ROOT } from '../env.ts';
import { drawnFonts } from '../fonts.ts';
import { expectScreen, JOURNEY_TIMEOUT_MS, shown } from '../people.ts';

const GALLERY = path.join(REPO_ROOT, 'docs', 'gallery');
const t = (id: string, values?: Record<string, string>) => text('sk', id, values);

/**
 * Every font file of the pages fetched once into the browser's cache, as a returning visitor has
 * them. A page uses a font only when it has it within a moment of asking (`font-display: optional`,
 * apps/web/src/shared/ui/fonts.css), so on a busy machine a first visit would be photographed in
 * the fallback font.
 */
async function cacheFonts(page: Page): Promise<void> {
  await page.goto('/signin/');
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load()));
  });
}

/** The screen as a small PNG (CSS pixels, no caret, no animation): docs/gallery/<name>.png. */
async function photograph(page: Page, name: string): Promise<void> {
  // The footer's copyright arrives with its own call; then every font its text needs.
  await expect(page.getByText(/^© /)).toBeVisible();
  // A glyph outside the first font file (č) starts its file only when it is laid out: wait for
  // two frames and for the fonts again.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
  });
  // No picture in a fallback font: the heading and the copyright are drawn in the web fonts.
  for (const selector of ['h1', '[class*="copyright"]']) {
    const fonts = await drawnFonts(page.locator(selector).first());
    expect(fonts.length, `the fonts of ${selector} in ${name}`).toBeGreaterThan(0);
    for (const font of fonts) expect(font, `the fonts of ${selector} in ${name}`).toMatchObject({ isCustomFont: true });
  }
  // No hover highlight from the last click.
  await page.mouse.move(0, 0);
  const taken = await page.screenshot({ scale: 'css', caret: 'hide', animations: 'disabled', fullPage: true });
  const file = path.join(GALLERY, `${name}.png`);
  if (!existsSync(file) || !samePicture(readFileSync(file), taken, await timeBoxes(page))) writeFileSync(file, taken);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the page shows a time of day ("6. 12. 2026, 21:46"): the boxes of every text that has one,
 * in the full page's CSS pixels (the picture's). A time is when this run signed in, not a change
 * of the screen.
 */
function timeBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const boxes: Box[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!/\b\d{1,2}:\d{2}\b/.test(node.textContent ?? '')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects())
        boxes.push({ x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height });
    }
    return boxes;
  });
}

/**
 * The same size and at most 0.5 % of the pixels different, those in `ignored` (with 2 pixels around
 * them for anti-aliasing) not counted: Chromium sometimes draws one line of text with another
 * anti-aliasing (the language choice's, about 400 pixels), which is no change.
 */
function samePicture(a: Buffer, b: Buffer, ignored: readonly Box[] = []): boolean {
  const [x, y] = [PNG.sync.read(a), PNG.sync.read(b)];
  if (x.width !== y.width || x.height !== y.height) return false;
  const counted = (px: number, py: number) =>
    !ignored.some(
      (box) => px >= box.x - 2 && px < box.x + box.width + 2 && py >= box.y - 2 && py < box.y + box.height + 2,
    );
  let different = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    const pixel = i / 4;
    if (x.data.readUInt32BE(i) !== y.data.readUInt32BE(i) && counted(pixel % x.width, Math.floor(pixel / x.width)))
      different += 1;
  }
  return different <= (x.width * x.height) / 200;
}

test.use({ lang: 'sk', viewport: { width: 360, height: 740 } });
// Six screens, a mailed PIN and a mailed link, each screen waiting for its fonts: a journey's time-out.
test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test('the gallery: sign-in, PIN, passkey offer, security page, account list and new password, in sk at 360 px', async ({
  page,
}) => {
  const jana = await createUser({
    email: 'jana.novakova@nemocnica.sk',
    password: 'Galeria-Obrazkov-7',
    firstName: 'Jana',
    surname: 'Nováková',
    language: 'sk',
  });
  const peter = await createUser({
    email: 'peter.horvath@nemocnica.sk',
    password: 'Galeria-Obrazkov-8',
    firstName: 'Peter',
    surname: 'Horváth',
    language: 'sk',
  });

  // The sign-in page as a first visit shows it (with the fonts at hand), with the passkey autofill's notice.
  await cacheFonts(page);
  await page.goto('/signin/');
  await expect(shown(page, t('signIn.login.deviceOffer'))).toBeVisible();
  await photograph(page, 'sign-in');

  const since = Date.now();
  await page.getByLabel(t('signIn.login.email'), { exact: true }).fill(jana.email);
  await page.getByLabel(t('signIn.login.password'), { exact: true }).fill(jana.password);
  await page.getByRole('button', { name: t('signIn.login.submit'), exact: true }).click();
  await expectScreen(page, t('signIn.pin.title'));
  // The checkbox arrives with its own chunk.
  await expect(page.getByRole('checkbox', { name: t('signIn.pin.rememberDevice') })).toBeVisible();
  await photograph(page, 'pin');

  const code = page.getByLabel(t('signIn.pin.label'), { exact: true });
  await code.fill(pinFrom(await waitForMail(jana.email, { since, match: isPinMail })));
  await code.press('Enter');
  await expectScreen(page, t('signIn.passkeyOffer.title'));
  await photograph(page, 'passkey-offer');
  await page.getByRole('button', { name: t('signIn.passkeyOffer.askLater') }).click();

  // The account's own page, from the default page: its sessions and latest sign-ins. (Its times
  // change from run to run: photograph leaves them out of the comparison.)
  await page.getByRole('link', { name: t('legacy.security') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('security.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('security.passkeys.heading') })).toBeVisible();
  await photograph(page, 'security');
  await page.goto('/');
  await page.getByRole('button', { name: t('legacy.signOut') }).click();

  // Two accounts remembered on this computer: the list, names with masked e-mails.
  await signInAndOutWithApi(page, peter);
  await page.goto('/signin/');
  await page.getByRole('button', { name: t('signIn.rememberedForm.back', { email: peter.email }) }).click();
  await expectScreen(page, t('signIn.remembered.title'));
  await photograph(page, 'account-list');

  // A new password from the reset link.
  await page.goto('/signin/');
  const resetSince = Date.now();
  await page.getByRole('button', { name: t('signIn.login.forgotPassword') }).click();
  // The form filled once it shows (a press as the app takes over is done when the browser is idle).
  await expectScreen(page, t('signIn.forgot.title'));
  await page.getByLabel(t('signIn.forgot.email'), { exact: true }).fill(jana.email);
  await page.getByRole('button', { name: t('signIn.forgot.submit') }).click();
  await expectScreen(page, t('signIn.resetSent.title'));
  const mail = await waitForMail(jana.email, { since: resetSince, match: (m) => !isPinMail(m) });
  await page.goto(linkFrom(mail, '/signin/reset-password'));
  await expect(page.getByRole('heading', { level: 1, name: t('reset.title') })).toBeVisible();
  await photograph(page, 'new-password');

  // Every picture is in the README, and every picture the README shows is one of these.
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const shownInReadme = [...readme.matchAll(/docs\/gallery\/([\w-]+)\.png/g)].map((m) => m[1]).sort();
  expect(shownInReadme).toEqual(['account-list', 'new-password', 'passkey-offer', 'pin', 'security', 'sign-in']);
});
