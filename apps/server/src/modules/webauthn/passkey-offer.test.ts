import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfferState, StatusAnswer } from '@gatehouse/contract';
import {
  BEN,
  createPasskeyTestApp,
  createUser,
  get,
  post,
  registerPasskey,
  sessionFor,
  type PasskeyTestApp,
} from './webauthn-test-kit.ts';

const DAY_MS = 24 * 3_600_000;

let t: PasskeyTestApp;
let ana: { id: string; email: string; cookie: string };
beforeEach(async () => {
  t = await createPasskeyTestApp();
  ana = await createUser(t);
});
afterEach(() => t.close());

async function offer(cookie = ana.cookie, userId?: string): Promise<OfferState> {
  return OfferState.parse((await get(t, `/api/webauthn/offer${userId ? `?userId=${userId}` : ''}`, cookie)).json());
}
const offered = async () => (await offer()).offerWebauthnRegistration;
/** Days later the old session has expired: the user signs in again. */
async function later(ms: number) {
  t.clock.advance(ms);
  ana.cookie = await sessionFor(t, ana.id, 'signed_in');
}
const save = async (value: boolean, cookie = ana.cookie, userId?: string) =>
  StatusAnswer.parse(
    (
      await post(t, '/api/webauthn/offer', { offerWebauthnRegistration: value, ...(userId ? { userId } : {}) }, cookie)
    ).json(),
  );

describe('the passkey offer', () => {
  it('is made at once to a signed-in user without a passkey, naming the user', async () => {
    expect(await offer()).toEqual({ offerWebauthnRegistration: true, userId: ana.id });
  });

  it('comes again after 1 day, then 7 days, then every 30 days ("ask later" only redirects)', async () => {
    expect(await offered()).toBe(true);
    expect(await offered()).toBe(false);
    for (const days of [1, 7, 30, 30]) {
      await later(days * DAY_MS - 1);
      expect(await offered()).toBe(false);
      await later(1);
      expect(await offered()).toBe(true);
      expect(await offered()).toBe(false);
    }
  });

  it('is made once when two tabs ask at the same moment', async () => {
    const answers = await Promise.all([offered(), offered(), offered()]);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('is never made again after "don\'t ask again", until the user turns it back on', async () => {
    expect(await offered()).toBe(true);
    expect(await save(false)).toEqual({ status: 'ok' });
    await later(400 * DAY_MS);
    expect(await offered()).toBe(false);
    expect(await save(true)).toEqual({ status: 'ok' });
    expect(await offered()).toBe(true);
  });

  it('can be declined before it was ever made', async () => {
    expect(await save(false)).toEqual({ status: 'ok' });
    expect(await offered()).toBe(false);
  });

  it('is not made to a user who has a passkey', async () => {
    await registerPasskey(t, ana.cookie);
    expect(await offer()).toEqual({ offerWebauthnRegistration: false, userId: ana.id });
  });

  it('is not made to a guest, to a session that has only passed the password, nor for another user id', async () => {
    expect(await offer(await sessionFor(t, null, 'guest'))).toEqual({ offerWebauthnRegistration: false });
    expect(await offer(await sessionFor(t, ana.id, 'password'))).toEqual({ offerWebauthnRegistration: false });
    const ben = await createUser(t, BEN);
    expect(await offer(ana.cookie, ben.id)).toEqual({ offerWebauthnRegistration: false });
    // Asking about another user did not use up Ana's own offer.
    expect(await offer(ana.cookie, ana.id)).toEqual({ offerWebauthnRegistration: true, userId: ana.id });
  });

  it('can be saved only by the signed-in user, for themself', async () => {
    expect(await save(false, await sessionFor(t, null, 'guest'))).toEqual({
      status: 'failed',
      reasons: ['credentials_required'],
    });
    const ben = await createUser(t, BEN);
    expect(await save(false, ana.cookie, ben.id)).toEqual({ status: 'failed', reasons: ['credentials_required'] });
    expect(await offer(ben.cookie)).toEqual({ offerWebauthnRegistration: true, userId: ben.id });
    expect(await save(false, ana.cookie, ana.id)).toEqual({ status: 'ok' });
    expect(await offered()).toBe(false);
  });
});
