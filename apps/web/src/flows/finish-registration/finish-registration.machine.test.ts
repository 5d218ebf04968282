import { describe, expect, it } from 'vitest';
import { initialFinishRegistrationState, startFinishRegistration, transition } from './finish-registration.machine';
import type { FinishRegistrationEvent, FinishRegistrationState } from './finish-registration.machine';

const TOKEN = 'invitation-token';

function run(token: string | null, ...events: FinishRegistrationEvent[]) {
  let state: FinishRegistrationState = initialFinishRegistrationState;
  let last: ReturnType<typeof transition> = { state, effects: [] };
  for (const event of events) {
    last = transition(token, state, event);
    state = last.state;
  }
  return last;
}

const started: FinishRegistrationEvent = { type: 'flow.started' };
const valid: FinishRegistrationEvent = { type: 'token.answered', answer: { status: 'ok' } };
const continued: FinishRegistrationEvent = { type: 'welcome.continued' };
const submitted: FinishRegistrationEvent = { type: 'password.submitted', password: 'Secret123', password2: 'Secret123' };
const registered: FinishRegistrationEvent = { type: 'password.answered', answer: { status: 'ok' } };
const toPairDevice = [started, valid, continued, submitted, registered];

describe('finish-registration machine: the token on load', () => {
  it('checks the token once and shows the welcome page when it is valid', () => {
    expect(run(TOKEN, started).effects).toEqual([{ type: 'token.check', token: TOKEN }]);
    expect(run(TOKEN, started, started).effects).toEqual([]);
    expect(run(TOKEN, started, valid)).toEqual({ state: { type: 'welcome' }, effects: [] });
  });

  it.each(['wrong_token', 'missing_token'])('shows the expired page when the token check answers %s', (reason) => {
    expect(run(TOKEN, started, { type: 'token.answered', answer: { status: 'failed', reasons: [reason] } }).state).toEqual({ type: 'expired' });
  });

  it('shows the expired page without a call when the link has no token', () => {
    expect(run(null, started)).toEqual({ state: { type: 'expired' }, effects: [] });
  });
});

describe('finish-registration machine: the first password', () => {
  it('goes from the welcome page to the set-password form', () => {
    expect(run(TOKEN, started, valid, continued).state).toEqual({ type: 'setPassword', submitting: false, notice: null, fieldErrors: {}, failures: 0 });
  });

  it('registers with the token, password and confirmation', () => {
    expect(run(TOKEN, started, valid, continued, submitted).effects).toEqual([
      { type: 'password.call', token: TOKEN, password: 'Secret123', password2: 'Secret123' },
    ]);
  });

  it('offers to pair the device when the registration is ok', () => {
    expect(run(TOKEN, ...toPairDevice)).toEqual({ state: { type: 'pairDevice', pairing: false, notice: null }, effects: [] });
  });

  it('goes to the expired page when the submit answers wrong_token', () => {
    expect(run(TOKEN, started, valid, continued, submitted, { type: 'password.answered', answer: { status: 'failed', reasons: ['wrong_token'] } }).state).toEqual({
      type: 'expired',
    });
  });

  it('puts a common password on the password field and a mismatch on the confirmation', () => {
    const answer = { status: 'failed', reasons: ['weak_password', 'passwords_do_not_match'], detail: 'common_password' };
    expect(run(TOKEN, started, valid, continued, submitted, { type: 'password.answered', answer }).state).toMatchObject({
      fieldErrors: { password: 'common_password', password2: 'passwords_do_not_match' },
    });
  });

  it('shows the unavailable notice when the registration got no answer', () => {
    expect(run(TOKEN, started, valid, continued, submitted, { type: 'password.unavailable' }).state).toMatchObject({
      type: 'setPassword',
      notice: 'unavailable',
      submitting: false,
    });
  });
});

describe('finish-registration machine: pairing the device', () => {
  it('finishes the registration without pairing when the user skips', () => {
    expect(run(TOKEN, ...toPairDevice, { type: 'device.skipped' })).toEqual({ state: { type: 'finishing' }, effects: [{ type: 'registration.finish' }] });
  });

  it('pairs the device once, then finishes the registration', () => {
    const pairing = run(TOKEN, ...toPairDevice, { type: 'device.pairChosen' });
    expect(pairing).toEqual({ state: { type: 'pairDevice', pairing: true, notice: null }, effects: [{ type: 'device.pair' }] });
    expect(transition(TOKEN, pairing.state, { type: 'device.pairChosen' }).effects).toEqual([]);
    expect(transition(TOKEN, pairing.state, { type: 'device.skipped' }).effects).toEqual([]);
    expect(transition(TOKEN, pairing.state, { type: 'device.paired' })).toEqual({ state: { type: 'finishing' }, effects: [{ type: 'registration.finish' }] });
  });

  it('says pairing failed and still lets the user skip', () => {
    const failed = run(TOKEN, ...toPairDevice, { type: 'device.pairChosen' }, { type: 'device.pairFailed' });
    expect(failed.state).toEqual({ type: 'pairDevice', pairing: false, notice: 'pairFailed' });
    expect(transition(TOKEN, failed.state, { type: 'device.skipped' }).effects).toEqual([{ type: 'registration.finish' }]);
  });

  it('finishes only once', () => {
    const finishing = run(TOKEN, ...toPairDevice, { type: 'device.skipped' });
    expect(transition(TOKEN, finishing.state, { type: 'device.skipped' }).effects).toEqual([]);
  });

  it('shows the passkey offer when the offer check says so, and redirects once it is finished', () => {
    const finishing = run(TOKEN, ...toPairDevice, { type: 'device.skipped' });
    const offered = transition(TOKEN, finishing.state, { type: 'passkeyOffer.checked', offer: true });
    expect(offered).toEqual({ state: { type: 'passkeyOffer' }, effects: [] });
    expect(transition(TOKEN, offered.state, { type: 'passkeyOffer.finished' })).toEqual({
      state: { type: 'finishing' },
      effects: [{ type: 'navigation.redirect' }],
    });
  });

  it('redirects at once when the offer check says no', () => {
    const finishing = run(TOKEN, ...toPairDevice, { type: 'device.skipped' });
    expect(transition(TOKEN, finishing.state, { type: 'passkeyOffer.checked', offer: false }).effects).toEqual([{ type: 'navigation.redirect' }]);
  });
});

describe('finish-registration machine: a new invitation link', () => {
  const expired = [started, { type: 'token.answered', answer: { status: 'failed', reasons: ['missing_token'] } }] as FinishRegistrationEvent[];

  it('closes the expired page to the sign-in route', () => {
    expect(run(TOKEN, ...expired, { type: 'signIn.chosen' }).effects).toEqual([{ type: 'navigation.signIn' }]);
  });

  it('requests a new link with the e-mail and confirms it', () => {
    const requested = run(TOKEN, ...expired, { type: 'newToken.chosen' }, { type: 'newToken.submitted', email: 'jana@example.sk' });
    expect(requested.effects).toEqual([{ type: 'newToken.call', email: 'jana@example.sk' }]);
    expect(transition(TOKEN, requested.state, { type: 'newToken.answered', answer: { status: 'ok' } }).state).toEqual({ type: 'newTokenSent' });
  });

  it('clears the e-mail and shows its notice when the request fails', () => {
    const requested = run(TOKEN, ...expired, { type: 'newToken.chosen' }, { type: 'newToken.submitted', email: 'jana@example.sk' });
    expect(transition(TOKEN, requested.state, { type: 'newToken.answered', answer: { status: 'failed', reasons: ['app_error'] } }).effects).toEqual([
      { type: 'email.clear' },
    ]);
  });
});

describe('finish-registration machine: a page that came with the link checked', () => {
  it('starts at the screen the answer leads to, without a call', () => {
    expect(startFinishRegistration('token-abc', { status: 'ok' })).toEqual({ state: expect.objectContaining({ type: 'welcome' }), effects: [] });
    expect(startFinishRegistration('token-abc', { status: 'failed', reasons: ['wrong_token'] })).toEqual({ state: { type: 'expired' }, effects: [] });
  });

  it('checks the link itself when the page came without the answer, and needs no call without a token', () => {
    expect(startFinishRegistration('token-abc').effects).toEqual([{ type: 'token.check', token: 'token-abc' }]);
    expect(startFinishRegistration(null)).toEqual({ state: { type: 'expired' }, effects: [] });
  });
});
