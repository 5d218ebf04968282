import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, sessionCookie, type TestApp } from '../../test/test-app.ts';
import { cookies, latestPin, login, signInWithPin, submitPin } from '../../test/sign-in-steps.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { PIN_SILENT_ATTEMPTS: '0', PIN_MAX_ATTEMPTS: '2' } });
  await t.accounts.create(DEMO);
});
afterEach(() => t.close());

async function blockByWrongPins(): Promise<void> {
  const session = sessionCookie(await login(t, DEMO))?.value;
  const wrong = latestPin(t, DEMO.email) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
  expect((await submitPin(t, wrong, { session })).json().reasons).toEqual(['wrong_pin_code']);
  expect((await submitPin(t, wrong, { session })).json().reasons).toEqual(['blocked']);
}

describe('blocked and disabled accounts', () => {
  it('follow the configured PIN policy: no silent attempt, blocked after two', async () => {
    const session = sessionCookie(await login(t, DEMO))?.value;
    const info = await t.app.inject({ method: 'GET', url: '/api/user/pincode', headers: cookies({ session }) });
    expect(info.json()).toEqual({
      status: 'ok',
      pin_code_remaining_attempts: 2,
      pin_code_remaining_silent_attempts: 0,
    });
    await blockByWrongPins();
    expect((await login(t, DEMO)).json()).toEqual({ status: 'failed', reasons: ['blocked'], email: DEMO.email });
  });

  it('sign in again with a fresh count after the operator unblocks the account', async () => {
    await blockByWrongPins();
    await t.accounts.unblock(DEMO.email);
    const session = sessionCookie(await login(t, DEMO))?.value;
    const info = await t.app.inject({ method: 'GET', url: '/api/user/pincode', headers: cookies({ session }) });
    expect(info.json()).toMatchObject({ pin_code_remaining_attempts: 2 });
    expect((await submitPin(t, latestPin(t, DEMO.email), { session })).json()).toEqual({ status: 'ok' });
  });

  it('lose every session when the operator disables the account', async () => {
    const first = await signInWithPin(t, DEMO);
    const second = await signInWithPin(t, DEMO);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(2);
    await t.accounts.disable(DEMO.email);
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    for (const { session } of [first, second]) {
      const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: cookies({ session }) });
      expect(info.json().guest).toBe(true);
    }
  });
});
