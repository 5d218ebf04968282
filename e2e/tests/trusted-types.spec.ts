// Trusted Types (docs/decisions/0183-trusted-types.md): the page's CSP lets no string become markup
// or script through a DOM sink, and the app itself never writes to one, on any page a person walks.
import type { Page } from '@playwright/test';
import { createUser, expect, test, text } from '../fixtures.ts';
import { shown } from '../people.ts';
import { signInWithPin } from '../screens/pin-screen.ts';

declare global {
  interface Window {
    __violations?: string[];
  }
}

/** Records every CSP violation of the page from its first script on. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.sample}`),
    );
  });
}

/** What an injected script that reaches a sink meets: an error, and nothing written. */
async function sinkRefused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const target = document.createElement('div');
    try {
      target.innerHTML = '<img src="x" alt="">';
      return `written: ${target.innerHTML}`;
    } catch (error) {
      return error instanceof TypeError ? 'refused' : `other: ${String(error)}`;
    }
  });
}

test('no page writes to a DOM sink, and a string put into one is refused', async ({ page }) => {
  const user = await createUser({ language: 'en' });
  await recordViolations(page);

  await page.goto('/signin/reset-password?token=not-a-real-link');
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'reset.expired.title') })).toBeVisible();
  expect(await sinkRefused(page)).toBe('refused');

  await page.goto('/signin/');
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'signIn.login.title') })).toBeVisible();
  expect(await sinkRefused(page)).toBe('refused');
  // A whole sign-in: the form, a mistake, the PIN step, the passkey offer or the default page.
  await page.getByLabel(text('en', 'signIn.login.email'), { exact: true }).fill(user.email);
  await page.getByLabel(text('en', 'signIn.login.password'), { exact: true }).fill('Wrong-Password-1');
  await page.getByRole('button', { name: text('en', 'signIn.login.submit'), exact: true }).click();
  await expect(shown(page, text('en', 'signIn.notice.invalidCredentials'))).toBeVisible();
  await signInWithPin(page, user);
  await page.goto('/signin/security');
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'security.title') })).toBeVisible();
  expect(await sinkRefused(page)).toBe('refused');

  // The checks above were refused without a report being the app's: the only violations are theirs.
  const violations = await page.evaluate(() => window.__violations ?? []);
  expect(violations.filter((violation) => !violation.includes('<img src="x"'))).toEqual([]);
});
