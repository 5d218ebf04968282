import type { Page } from '@playwright/test';
import { BOT_CHECK_HEADER } from '@gatehouse/contract';
import {
  BOT_CHECK_INSTANCES,
  RECAPTCHA_STAND_IN,
  instanceMailApi,
  instanceUrl,
  type BotCheckInstance,
} from '../env.ts';
import { createUser, expect, pinFrom, test, text, waitForMail } from '../fixtures.ts';
import { loginScreen } from '../screens/login-screen.ts';

/**
 * Signs in on a bot-check instance and returns what the login call sent and got.
 * The first step passing the check is what these specs prove: the answer asks for
 * the mailed PIN (or signs in at once), and the PIN mail arrives in that instance's sink.
 */
async function signInOn(instance: BotCheckInstance, page: Page) {
  const user = await createUser({}, BOT_CHECK_INSTANCES[instance].databaseUrl);
  const since = Date.now();
  const login = loginScreen(page);
  await page.goto(`${instanceUrl(instance)}/signin/`);
  await login.email.waitFor();
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/user/login'));
  await login.signIn(user.email, user.password);
  const response = await answered;
  const answer = (await response.json()) as { status: string; reasons?: string[] };
  return { user, since, token: response.request().headers()[BOT_CHECK_HEADER.toLowerCase()] ?? '', answer };
}

async function expectFirstStepPassed(instance: BotCheckInstance, result: Awaited<ReturnType<typeof signInOn>>) {
  expect(result.answer.reasons ?? []).not.toContain('bot_check_failed');
  expect(['requested_pin_code', 'ok']).toContain(result.answer.status);
  if (result.answer.status === 'requested_pin_code') {
    const mail = await waitForMail(result.user.email, { since: result.since, mailApi: instanceMailApi(instance) });
    expect(pinFrom(mail)).toMatch(/^[A-Z0-9]{6}$/);
  }
}

test.describe('with reCAPTCHA v3 on', () => {
  test('the notice with the privacy and terms links is shown and the badge stays hidden', async ({ page }) => {
    await page.goto(`${instanceUrl('recaptcha')}/signin/`);
    const notice = page.getByText(/protected by reCAPTCHA/);
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://policies.google.com/privacy',
    );
    await expect(notice.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://policies.google.com/terms',
    );
    // The stand-in adds the badge as Google's script does; the app's CSS hides it.
    const badge = page.locator('.grecaptcha-badge');
    await expect(badge).toHaveCount(1);
    await expect(badge).toBeHidden();
    await expect(page.locator(`script[src="${RECAPTCHA_STAND_IN}/recaptcha/api.js"]`)).toHaveCount(1);
  });

  test('sign-in sends a token for the login action and passes the check', async ({ page }) => {
    const result = await signInOn('recaptcha', page);
    expect(result.token).toMatch(/^stand-in\.e2e-site-key\.login\./);
    await expectFirstStepPassed('recaptcha', result);
    const verified = (await (await fetch(`${RECAPTCHA_STAND_IN}/verified`)).json()) as string[];
    expect(verified).toContain('login');
  });

  test('a login call without a token is refused with bot_check_failed', async ({ request }) => {
    const response = await request.post(`${instanceUrl('recaptcha')}/api/user/login`, {
      data: { username: 'nobody@example.test', password: 'Whatever123' },
      headers: { origin: instanceUrl('recaptcha') },
    });
    expect(await response.json()).toEqual({ status: 'failed', reasons: ['bot_check_failed'] });
  });
});

test.describe('with ALTCHA on', () => {
  test('sign-in works with the proof of work solved in the browser', async ({ page }) => {
    const result = await signInOn('altcha', page);
    const payload = JSON.parse(Buffer.from(result.token, 'base64').toString('utf8')) as {
      solution?: { counter?: number };
    };
    expect(typeof payload.solution?.counter).toBe('number');
    await expectFirstStepPassed('altcha', result);
  });

  test('shows no reCAPTCHA notice and loads no third-party script', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(instanceUrl('altcha'))) foreign.push(request.url());
    });
    await page.goto(`${instanceUrl('altcha')}/signin/`);
    await expect(loginScreen(page).heading).toBeVisible();
    await expect(page.getByText(text('en', 'app.botCheck.notice').slice(0, 20))).toHaveCount(0);
    expect(foreign).toEqual([]);
  });
});
