import { describe, expect, it } from 'vitest';
import type { DeviceUser, LoginAnswer, StatusAnswer } from '@gatehouse/contract';
import { jana, petr } from './sign-in.fixtures';
import { FORGET_ALL, initialSignInState, transition } from './sign-in.machine';
import type { PinState, SignInEvent, SignInState, Transition } from './sign-in.machine';

const body = { username: 'jana@example.sk', password: 'Secret123' };

/** Runs events from a state; returns the last transition. */
function run(state: SignInState, ...events: SignInEvent[]): Transition {
  let last: Transition = { state, effects: [] };
  for (const event of events) last = transition(last.state, event);
  return last;
}

const start = (
  users: readonly DeviceUser[] = [],
  pinStep: { email: string; variant: 'signIn' | 'recheckOptional' | 'recheckMandatory' } | null = null,
) => transition(initialSignInState, { type: 'flow.started', rememberedUsers: users, pinStep });
const loginForm = start().state;
const submitted = transition(loginForm, { type: 'login.submitted', body }).state;
const answer = (a: LoginAnswer) => transition(submitted, { type: 'login.answered', answer: a });
const rememberedForm = start([jana, petr]).state;
const rememberedSubmitted = transition(rememberedForm, {
  type: 'login.submitted',
  body: { username: jana.email, password: 'x' },
}).state;

function pinFrom(status: string, from: SignInState = submitted): PinState {
  const state = transition(from, { type: 'login.answered', answer: { status } }).state;
  if (state.type !== 'pin') throw new Error(`expected the PIN form, got ${state.type}`);
  return state;
}
const pinSubmitted = (rememberDevice = false, status = 'requested_pin_code') =>
  transition(pinFrom(status), { type: 'pin.submitted', pin: 'ABC234', rememberDevice }).state;
const pinAnswer = (a: StatusAnswer, rememberDevice = false) =>
  transition(pinSubmitted(rememberDevice), { type: 'pin.answered', answer: a });

describe('sign-in machine: the first view', () => {
  it('starts unspecified and shows the login form when no account is remembered', () => {
    expect(initialSignInState.type).toBe('unspecified');
    expect(loginForm).toMatchObject({
      type: 'loginForm',
      email: '',
      submitting: false,
      notice: null,
      serverFieldErrors: [],
    });
  });

  it('preselects the first remembered account and shows its form', () => {
    expect(rememberedForm).toMatchObject({ type: 'rememberedUser', user: jana, users: [jana, petr] });
  });

  it('starts with the account a link page handed over: its remembered form, else the login form with its address', () => {
    const handed = (users: readonly DeviceUser[], email: string) =>
      transition(initialSignInState, { type: 'flow.started', rememberedUsers: users, pinStep: null, email }).state;
    // Remembered on this device, though not the first: its own form.
    expect(handed([jana, petr], petr.email)).toMatchObject({ type: 'rememberedUser', user: petr });
    // Not remembered here: the login form with the address, the remembered accounts one step back.
    expect(handed([jana], 'eva@example.sk')).toMatchObject({
      type: 'loginForm',
      email: 'eva@example.sk',
      users: [jana],
    });
    expect(handed([], 'eva@example.sk')).toMatchObject({ type: 'loginForm', email: 'eva@example.sk' });
  });

  it('resumes a PIN step kept in session storage and reads the attempts again', () => {
    const next = start([jana], { email: 'Jana@example.sk', variant: 'recheckMandatory' });
    expect(next.state).toMatchObject({
      type: 'pin',
      email: 'Jana@example.sk',
      variant: 'recheckMandatory',
      back: { type: 'remembered', user: jana },
    });
    expect(next.effects).toContainEqual({ type: 'pin.readAttempts' });
  });
});

describe('sign-in machine: login statuses', () => {
  it('clears the go-cache before calling login, and marks the form as submitting', () => {
    const next = transition(loginForm, { type: 'login.submitted', body });
    expect(next.state).toMatchObject({ type: 'loginForm', submitting: true });
    expect(next.effects).toEqual([{ type: 'cache.clear' }, { type: 'login.call', body }]);
  });

  it('ignores a second submit while the first is under way', () => {
    expect(transition(submitted, { type: 'login.submitted', body }).effects).toEqual([]);
  });

  it('goes on after sign-in on status ok (the passkey offer check) and stays submitting', () => {
    const next = answer({ status: 'ok' });
    expect(next.effects).toEqual([{ type: 'passkeyOffer.check', activate: false }]);
    expect(next.state).toMatchObject({ submitting: true });
  });

  it('shows the PIN form on requested_pin_code, keeps the e-mail in storage and reads the attempts', () => {
    const next = answer({ status: 'requested_pin_code' });
    expect(next.state).toMatchObject({
      type: 'pin',
      email: 'jana@example.sk',
      variant: 'signIn',
      attempts: null,
      back: { type: 'login' },
    });
    expect(next.effects).toEqual([
      { type: 'pinStep.save', step: { email: 'jana@example.sk', variant: 'signIn' } },
      { type: 'pin.readAttempts' },
    ]);
  });

  it('offers to skip the recheck once on pin_code_recheck_required', () => {
    const next = answer({ status: 'pin_code_recheck_required' });
    expect(next.state).toMatchObject({ type: 'pin', variant: 'recheckOptional' });
    expect(next.effects).toContainEqual({ type: 'snackbar.recheckSkipShow' });
  });

  it('asks for the PIN without a skip on pin_code_recheck_mandatory', () => {
    const next = answer({ status: 'pin_code_recheck_mandatory' });
    expect(next.state).toMatchObject({ type: 'pin', variant: 'recheckMandatory' });
    expect(next.effects).not.toContainEqual({ type: 'snackbar.recheckSkipShow' });
  });

  it('uses the e-mail of the remembered account for its PIN step', () => {
    const next = transition(rememberedSubmitted, { type: 'login.answered', answer: { status: 'requested_pin_code' } });
    expect(next.state).toMatchObject({ type: 'pin', email: jana.email, back: { type: 'remembered', user: jana } });
  });

  it('shows the disabled page with the e-mail from the answer on account_disabled', () => {
    const next = answer({ status: 'failed', reasons: ['account_disabled'], email: 'JANA@example.sk' });
    expect(next.state).toMatchObject({ type: 'disabled', email: 'JANA@example.sk' });
  });

  it.each([
    ['falls back to the submitted e-mail when a disabled answer carries none', 'account_disabled', 'disabled'],
    ['shows the blocked page on blocked', 'blocked', 'blocked'],
  ])('%s', (_name, reason, type) => {
    expect(answer({ status: 'failed', reasons: [reason] }).state).toMatchObject({ type, email: 'jana@example.sk' });
  });

  it('shows the PIN mail snackbar on pin_code_mail_failed and lets the user try again', () => {
    const next = answer({ status: 'failed', reasons: ['pin_code_mail_failed'] });
    expect(next.effects).toEqual([{ type: 'snackbar.pinMailFailed' }]);
    expect(next.state).toMatchObject({ type: 'loginForm', submitting: false });
  });

  // Focus after a failed submit is the form's (useFailureReport, once the message is shown): no effect moves it.
  it('shows incorrect credentials and empties the password', () => {
    const next = answer({ status: 'failed', reasons: ['invalid_credentials'] });
    expect(next.state).toMatchObject({ notice: 'invalid_credentials', submitting: false });
    expect(next.effects).toEqual([{ type: 'field.reset', field: 'password' }]);
  });

  it('empties the password of the remembered-user form on invalid_credentials', () => {
    const next = transition(rememberedSubmitted, {
      type: 'login.answered',
      answer: { status: 'failed', reasons: ['invalid_credentials'] },
    });
    expect(next.state).toMatchObject({ type: 'rememberedUser', notice: 'invalid_credentials' });
    expect(next.effects).toEqual([{ type: 'field.reset', field: 'password' }]);
  });

  it('turns username_required and password_required into field messages', () => {
    const next = answer({ status: 'failed', reasons: ['password_required', 'username_required'] });
    expect(next.state).toMatchObject({ notice: null, serverFieldErrors: ['password', 'email'] });
    expect(next.effects).toEqual([]);
  });

  it.each(['email_not_verified', 'bot_check_failed', 'credentials_required'] as const)(
    'shows a form notice for %s',
    (reason) => {
      expect(answer({ status: 'failed', reasons: [reason] }).state).toMatchObject({
        type: 'loginForm',
        notice: reason,
      });
    },
  );

  it('enters the server-error state on app_error', () => {
    expect(answer({ status: 'failed', reasons: ['app_error'] }).effects).toEqual([{ type: 'app.serverError' }]);
  });

  it('falls back to the generic notice for an unknown reason or status', () => {
    expect(answer({ status: 'failed', reasons: ['something_new'] }).state).toMatchObject({ notice: 'unexpected' });
    expect(answer({ status: 'failed' }).state).toMatchObject({ notice: 'unexpected' });
    expect(answer({ status: 'maybe' }).state).toMatchObject({ notice: 'unexpected' });
  });

  it('shows the server-error notice when the login got no answer', () => {
    expect(transition(submitted, { type: 'login.unanswered' }).state).toMatchObject({
      notice: 'no_answer',
      submitting: false,
    });
  });

  it('stops submitting when the global handler took over', () => {
    expect(transition(submitted, { type: 'login.abandoned' }).state).toMatchObject({ submitting: false, notice: null });
  });

  it('ignores a late answer when nothing is being submitted', () => {
    expect(transition(loginForm, { type: 'login.answered', answer: { status: 'ok' } })).toEqual({
      state: loginForm,
      effects: [],
    });
  });
});

describe('sign-in machine: the PIN form', () => {
  it('keeps the attempts it reads', () => {
    const next = transition(pinFrom('requested_pin_code'), {
      type: 'pin.attemptsRead',
      answer: { status: 'ok', pin_code_remaining_attempts: 2, pin_code_remaining_silent_attempts: 0 },
    });
    expect(next.state).toMatchObject({ type: 'pin', attempts: { remaining: 2, silentRemaining: 0 } });
  });

  it('returns to sign-in when reading the attempts says credentials_required', () => {
    const next = transition(pinFrom('requested_pin_code'), {
      type: 'pin.attemptsRead',
      answer: {
        status: 'failed',
        reasons: ['credentials_required'],
        pin_code_remaining_attempts: 0,
        pin_code_remaining_silent_attempts: 0,
      },
    });
    expect(next.state).toMatchObject({ type: 'loginForm', email: 'jana@example.sk' });
    expect(next.effects).toContainEqual({ type: 'pinStep.clear' });
  });

  it('sends the PIN and ignores a second submit meanwhile', () => {
    const next = transition(pinFrom('requested_pin_code'), {
      type: 'pin.submitted',
      pin: 'ABC234',
      rememberDevice: false,
    });
    expect(next.effects).toEqual([{ type: 'pin.call', pin: 'ABC234' }]);
    expect(transition(next.state, { type: 'pin.submitted', pin: 'ABC234', rememberDevice: false }).effects).toEqual([]);
  });

  it('ends the step and goes on after sign-in on ok', () => {
    expect(pinAnswer({ status: 'ok' }).effects).toEqual([
      { type: 'pinStep.clear' },
      { type: 'snackbar.recheckSkipHide' },
      { type: 'passkeyOffer.check', activate: false },
    ]);
  });

  it('registers the device and refreshes user info before going on when the box was ticked', () => {
    expect(pinAnswer({ status: 'ok' }, true).effects).toEqual([
      { type: 'pinStep.clear' },
      { type: 'snackbar.recheckSkipHide' },
      { type: 'device.register' },
      { type: 'user.refresh' },
      { type: 'passkeyOffer.check', activate: false },
    ]);
  });

  it('never registers the device on a recheck, whatever the form sent', () => {
    const recheck = transition(pinFrom('pin_code_recheck_mandatory'), {
      type: 'pin.submitted',
      pin: 'ABC234',
      rememberDevice: true,
    }).state;
    const next = transition(recheck, { type: 'pin.answered', answer: { status: 'ok' } });
    expect(next.effects).not.toContainEqual({ type: 'device.register' });
  });

  it('shows the invalid-code message and reads the attempts again on wrong_pin_code', () => {
    const next = pinAnswer({ status: 'failed', reasons: ['wrong_pin_code'] });
    expect(next.state).toMatchObject({ type: 'pin', problem: 'invalid', submitting: false });
    expect(next.effects).toEqual([{ type: 'pin.readAttempts' }]);
  });

  it('ends the step on missing_pin_code (the code expired): the login form with the e-mail and the expired-code notice', () => {
    const next = pinAnswer({ status: 'failed', reasons: ['missing_pin_code'] });
    expect(next.state).toMatchObject({ type: 'loginForm', email: 'jana@example.sk', notice: 'code_expired' });
    expect(next.effects).toEqual([{ type: 'pinStep.clear' }, { type: 'snackbar.recheckSkipHide' }]);
  });

  it("shows 'Enter code' on pin_code_required", () => {
    expect(pinAnswer({ status: 'failed', reasons: ['pin_code_required'] }).state).toMatchObject({
      type: 'pin',
      problem: 'required',
    });
  });

  it('shows the blocked page on blocked and forgets the step', () => {
    const next = pinAnswer({ status: 'failed', reasons: ['blocked'] });
    expect(next.state).toMatchObject({ type: 'blocked', email: 'jana@example.sk' });
    expect(next.effects).toContainEqual({ type: 'pinStep.clear' });
  });

  it.each([
    ['credentials_required', { status: 'failed', reasons: ['credentials_required'] }],
    ['an unknown reason', { status: 'failed', reasons: ['brand_new'] }],
    ['an unknown status', { status: 'requested_pin_code' }],
  ])('returns to the login form with the e-mail on %s', (_name, a) => {
    const next = pinAnswer(a);
    expect(next.state).toMatchObject({ type: 'loginForm', email: 'jana@example.sk', notice: 'credentials_required' });
    expect(next.effects).toEqual([{ type: 'pinStep.clear' }, { type: 'snackbar.recheckSkipHide' }]);
  });

  it('returns to the remembered-user form of that account when the PIN step came from it', () => {
    const pin = pinFrom('requested_pin_code', rememberedSubmitted);
    const next = run(
      pin,
      { type: 'pin.submitted', pin: 'X', rememberDevice: false },
      { type: 'pin.answered', answer: { status: 'failed', reasons: ['credentials_required'] } },
    );
    expect(next.state).toMatchObject({ type: 'rememberedUser', user: jana });
  });

  it('goes back to the login form with the e-mail and no notice on "Back to sign-in", and forgets the step', () => {
    const next = transition(pinFrom('requested_pin_code'), { type: 'pin.cancelled' });
    expect(next.state).toMatchObject({ type: 'loginForm', email: 'jana@example.sk', notice: null });
    expect(next.effects).toEqual([{ type: 'pinStep.clear' }, { type: 'snackbar.recheckSkipHide' }]);
  });

  it('ignores "Back to sign-in" while a code is being checked', () => {
    const submitting = transition(pinFrom('requested_pin_code'), {
      type: 'pin.submitted',
      pin: 'ABC234',
      rememberDevice: false,
    }).state;
    const next = transition(submitting, { type: 'pin.cancelled' });
    expect(next.state).toBe(submitting);
    expect(next.effects).toEqual([]);
  });

  it('returns to the remembered-user form with the expired-code notice when its PIN step answers missing_pin_code', () => {
    const next = run(
      pinFrom('requested_pin_code', rememberedSubmitted),
      { type: 'pin.submitted', pin: 'X', rememberDevice: false },
      { type: 'pin.answered', answer: { status: 'failed', reasons: ['missing_pin_code'] } },
    );
    expect(next.state).toMatchObject({ type: 'rememberedUser', user: jana, notice: 'code_expired' });
  });

  it('skips an optional recheck: pin/skip, then on ok goes on after sign-in', () => {
    const requested = transition(pinFrom('pin_code_recheck_required'), { type: 'pin.skipRequested' });
    expect(requested.effects).toEqual([{ type: 'pin.skip' }]);
    const skipped = transition(requested.state, { type: 'pin.skipAnswered', answer: { status: 'ok' } });
    expect(skipped.effects).toEqual([
      { type: 'pinStep.clear' },
      { type: 'snackbar.recheckSkipHide' },
      { type: 'passkeyOffer.check', activate: false },
    ]);
  });

  it('refuses to skip a mandatory recheck or a first PIN', () => {
    expect(transition(pinFrom('pin_code_recheck_mandatory'), { type: 'pin.skipRequested' }).effects).toEqual([]);
    expect(transition(pinFrom('requested_pin_code'), { type: 'pin.skipRequested' }).effects).toEqual([]);
  });

  it('returns to sign-in when the skip is refused', () => {
    const next = run(
      pinFrom('pin_code_recheck_required'),
      { type: 'pin.skipRequested' },
      { type: 'pin.skipAnswered', answer: { status: 'failed', reasons: ['credentials_required'] } },
    );
    expect(next.state.type).toBe('loginForm');
  });

  it('lets the form be used again when the global handler took the PIN call over', () => {
    expect(transition(pinSubmitted(), { type: 'pin.abandoned' }).state).toMatchObject({
      type: 'pin',
      submitting: false,
    });
  });
});

describe('sign-in machine: remembered accounts', () => {
  const list = transition(rememberedForm, { type: 'remembered.listOpened' }).state;

  it('opens the list from the back button and a chosen account from the list', () => {
    expect(list).toMatchObject({ type: 'rememberedUsers', removing: null });
    expect(transition(list, { type: 'remembered.userChosen', user: petr }).state).toMatchObject({
      type: 'rememberedUser',
      user: petr,
    });
  });

  it('removes an account and shows the updated list', () => {
    const removing = transition(list, { type: 'remembered.removeRequested', userId: 'u1' });
    expect(removing.effects).toEqual([{ type: 'remembered.remove', userId: 'u1' }]);
    const updated = transition(removing.state, { type: 'remembered.listUpdated', users: [petr] });
    expect(updated.state).toMatchObject({ type: 'rememberedUsers', users: [petr], removing: null });
    expect(updated.effects).toEqual([{ type: 'heading.focus' }, { type: 'remembered.sayRemoved', email: jana.email }]);
  });

  it('says nothing of a removal whose account the list did not hold, rather than "every account forgotten"', () => {
    const updated = run(
      list,
      { type: 'remembered.removeRequested', userId: 'no-such-id' },
      { type: 'remembered.listUpdated', users: [petr] },
    );
    expect(updated.state).toMatchObject({ type: 'rememberedUsers', users: [petr], removing: null });
    expect(updated.effects).toEqual([{ type: 'heading.focus' }]);
    const emptied = run(
      list,
      { type: 'remembered.removeRequested', userId: 'no-such-id' },
      { type: 'remembered.listUpdated', users: [] },
    );
    expect(emptied.state).toMatchObject({ type: 'loginForm', email: '' });
    expect(emptied.effects).toEqual([]);
  });

  it('shows the login form when the last account is removed', () => {
    const next = run(
      list,
      { type: 'remembered.removeRequested', userId: 'u1' },
      { type: 'remembered.listUpdated', users: [] },
    );
    expect(next.state).toMatchObject({ type: 'loginForm', email: '' });
    expect(next.effects).toEqual([{ type: 'remembered.sayRemoved', email: jana.email }]);
  });

  it('forgets every account of the device: one call at a time, then the empty login form', () => {
    const forgetting = transition(list, { type: 'remembered.forgetAllRequested' });
    expect(forgetting.effects).toEqual([{ type: 'remembered.forgetAll' }]);
    expect(forgetting.state).toMatchObject({ type: 'rememberedUsers', removing: FORGET_ALL });
    // A second press, or a removal, while the call is under way starts nothing.
    expect(transition(forgetting.state, { type: 'remembered.forgetAllRequested' }).effects).toEqual([]);
    expect(transition(forgetting.state, { type: 'remembered.removeRequested', userId: 'u1' }).effects).toEqual([]);
    const forgotten = transition(forgetting.state, { type: 'remembered.listUpdated', users: [] });
    expect(forgotten.state).toMatchObject({ type: 'loginForm', email: '', users: [] });
    expect(forgotten.effects).toEqual([{ type: 'remembered.sayRemoved', email: null }]);
    // A failure (the global handler has it) gives the list back, usable.
    expect(transition(forgetting.state, { type: 'remembered.removeAbandoned' }).state).toMatchObject({
      type: 'rememberedUsers',
      removing: null,
    });
  });

  it("shows the empty login form on 'use another account'", () => {
    expect(transition(list, { type: 'account.anotherChosen' }).state).toMatchObject({ type: 'loginForm', email: '' });
  });

  it("leads back to the list from the login form reached by 'use another account', and not without remembered accounts", () => {
    const another = transition(list, { type: 'account.anotherChosen' }).state;
    expect(transition(another, { type: 'remembered.listOpened' }).state).toMatchObject({
      type: 'rememberedUsers',
      users: [jana, petr],
    });
    expect(transition(loginForm, { type: 'remembered.listOpened' }).state).toBe(loginForm);
  });
});

describe('sign-in machine: blocked, forgot password and confirmation', () => {
  const blocked = answer({ status: 'failed', reasons: ['blocked'] }).state;
  const forgot = transition(blocked, { type: 'forgot.opened', email: 'jana@example.sk' }).state;
  const forgotSubmitted = transition(forgot, { type: 'forgot.submitted', email: 'jana@example.sk' });

  it('opens the forgot-password form with the e-mail from the blocked page', () => {
    expect(forgot).toMatchObject({ type: 'forgotPassword', email: 'jana@example.sk' });
  });

  it('opens the forgot-password form from the login form with what was typed', () => {
    expect(transition(loginForm, { type: 'forgot.opened', email: 'eva@example.sk' }).state).toMatchObject({
      type: 'forgotPassword',
      email: 'eva@example.sk',
    });
  });

  it('sends the e-mail and shows the confirmation on ok', () => {
    expect(forgotSubmitted.effects).toEqual([{ type: 'forgot.call', email: 'jana@example.sk' }]);
    expect(transition(forgotSubmitted.state, { type: 'forgot.answered', answer: { status: 'ok' } }).state.type).toBe(
      'resetSent',
    );
  });

  it.each([
    ['missing_email', 'required'],
    ['email_required', 'required'],
    ['incorrect_email', 'invalid_email'],
  ])('shows the field message for %s', (reason, problem) => {
    const next = transition(forgotSubmitted.state, {
      type: 'forgot.answered',
      answer: { status: 'failed', reasons: [reason] },
    });
    expect(next.state).toMatchObject({ type: 'forgotPassword', problem, submitting: false });
  });

  it('shows the server-error notice and clears the e-mail when there was no answer', () => {
    const next = transition(forgotSubmitted.state, { type: 'forgot.unanswered' });
    expect(next.state).toMatchObject({ type: 'forgotPassword', notice: 'server_error', email: '' });
    expect(next.effects).toEqual([{ type: 'field.reset', field: 'email' }]);
  });

  it('goes back to sign-in on cancel and from the confirmation, keeping the e-mail in the login form', () => {
    // Cancel: the e-mail as the forgot form held it (here corrected there), not a blank form.
    expect(transition(forgot, { type: 'forgot.cancelled', email: 'jana.nova@example.sk' }).state).toMatchObject({
      type: 'loginForm',
      email: 'jana.nova@example.sk',
    });
    // Cancel while the request is under way changes nothing.
    expect(transition(forgotSubmitted.state, { type: 'forgot.cancelled', email: 'x@example.sk' }).state).toBe(
      forgotSubmitted.state,
    );
    // "Sign in" after the link was sent: the address it was sent to.
    const sent = transition(forgotSubmitted.state, { type: 'forgot.answered', answer: { status: 'ok' } }).state;
    expect(transition(sent, { type: 'resetSent.closed' }).state).toMatchObject({
      type: 'loginForm',
      email: 'jana@example.sk',
    });
  });

  it('goes back to the remembered-user form when the forgot form came from it', () => {
    const fromRemembered = transition(rememberedForm, { type: 'forgot.opened', email: jana.email }).state;
    expect(transition(fromRemembered, { type: 'forgot.cancelled', email: jana.email }).state).toMatchObject({
      type: 'rememberedUser',
      user: jana,
    });
  });
});

describe('sign-in machine: passkeys', () => {
  const assertion = {
    id: 'aWQ',
    type: 'public-key' as const,
    rawId: 'aWQ',
    response: { clientDataJSON: 'Yw', authenticatorData: 'YQ', signature: 'cw' },
  };
  const requested = transition(rememberedForm, { type: 'passkey.requested' });

  it("starts the ceremony with the remembered account's id on the remembered-user form, and none on the login form", () => {
    expect(requested.state).toMatchObject({ passkeyBusy: true });
    expect(requested.effects).toEqual([{ type: 'passkey.ceremony', userId: 'u1' }]);
    expect(transition(loginForm, { type: 'passkey.requested' }).effects).toEqual([
      { type: 'passkey.ceremony', userId: null },
    ]);
  });

  it('starts no passkey sign-in while a password sign-in is under way, and no password sign-in during a passkey one', () => {
    expect(transition(rememberedSubmitted, { type: 'passkey.requested' }).effects).toEqual([]);
    expect(transition(requested.state, { type: 'login.submitted', body }).effects).toEqual([]);
  });

  it('checks an autofill assertion, but not while the button ceremony is under way', () => {
    expect(transition(loginForm, { type: 'passkey.asserted', body: assertion, source: 'autofill' }).effects).toEqual([
      { type: 'passkey.verify', body: assertion },
    ]);
    expect(
      transition(requested.state, { type: 'passkey.asserted', body: assertion, source: 'autofill' }).effects,
    ).toEqual([]);
    expect(
      transition(requested.state, { type: 'passkey.asserted', body: assertion, source: 'button' }).effects,
    ).toEqual([{ type: 'passkey.verify', body: assertion }]);
  });

  it('goes on to the offer check after a passkey ok (no PIN)', () => {
    const verifying = transition(requested.state, {
      type: 'passkey.asserted',
      body: assertion,
      source: 'button',
    }).state;
    expect(transition(verifying, { type: 'passkey.answered', answer: { status: 'ok' } }).effects).toEqual([
      { type: 'passkeyOffer.check', activate: false },
    ]);
  });

  it('counts a failed attempt, so conditional mediation starts again', () => {
    const failed = transition(requested.state, { type: 'passkey.failed', problem: 'cancelled' });
    expect(failed.state).toMatchObject({ passkeyBusy: false, passkeyNotice: 'cancelled', passkeyRound: 1 });
  });

  it("asks for the activation snackbar on 'not found' on the remembered-user form, and the info one on the login form", () => {
    expect(transition(requested.state, { type: 'passkey.failed', problem: 'credentialsNotAvailable' }).effects).toEqual(
      [{ type: 'snackbar.passkeyNotAvailable', activation: true }],
    );
    const fromLogin = transition(loginForm, { type: 'passkey.requested' }).state;
    expect(transition(fromLogin, { type: 'passkey.failed', problem: 'credentialsNotAvailable' }).effects).toEqual([
      { type: 'snackbar.passkeyNotAvailable', activation: false },
    ]);
  });

  it('carries Activate through the PIN step to the offer check', () => {
    const activated = transition(rememberedForm, { type: 'passkey.activateChosen' });
    expect(activated.effects).toEqual([{ type: 'password.focus' }]);
    const sent = transition(activated.state, { type: 'login.submitted', body }).state;
    const pin = transition(sent, { type: 'login.answered', answer: { status: 'requested_pin_code' } }).state;
    const pinSent = transition(pin, { type: 'pin.submitted', pin: 'ABC234', rememberDevice: false }).state;
    expect(transition(pinSent, { type: 'pin.answered', answer: { status: 'ok' } }).effects).toContainEqual({
      type: 'passkeyOffer.check',
      activate: true,
    });
  });

  it('shows the offer when the check says so, redirects otherwise, and redirects once when the offer is finished', () => {
    const offered = transition(submitted, { type: 'passkeyOffer.checked', offer: true });
    expect(offered.state).toMatchObject({ type: 'passkeyOffer', leaving: false });
    expect(transition(submitted, { type: 'passkeyOffer.checked', offer: false }).effects).toEqual([
      { type: 'navigation.redirect' },
    ]);
    const finished = transition(offered.state, { type: 'passkeyOffer.finished' });
    expect(finished.effects).toEqual([{ type: 'navigation.redirect' }]);
    expect(transition(finished.state, { type: 'passkeyOffer.finished' }).effects).toEqual([]);
  });
});
