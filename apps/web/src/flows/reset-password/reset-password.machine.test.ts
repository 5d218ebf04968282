import { describe, expect, it } from 'vitest';
import { initialResetPasswordState, startResetPassword, transition } from './reset-password.machine';
import type { ResetPasswordEvent, ResetPasswordState } from './reset-password.machine';

const TOKEN = 'token-abc';

/** Runs events from the initial state and returns the last transition. */
function run(token: string | null, ...events: ResetPasswordEvent[]) {
  let state: ResetPasswordState = initialResetPasswordState;
  let last = { state, effects: [] as ReturnType<typeof transition>['effects'] };
  for (const event of events) {
    last = transition(token, state, event);
    state = last.state;
  }
  return last;
}

const started: ResetPasswordEvent = { type: 'flow.started' };
const valid: ResetPasswordEvent = { type: 'token.answered', answer: { status: 'ok' } };
const submitted: ResetPasswordEvent = { type: 'password.submitted', password: 'Secret123', password2: 'Secret123' };
const failed = (reasons: string[], detail?: string): ResetPasswordEvent => ({
  type: 'password.answered',
  answer: { status: 'failed', reasons, ...(detail ? { detail } : {}) },
});

describe('reset-password machine: the token on load', () => {
  it('checks the token from the link when the flow starts', () => {
    expect(run(TOKEN, started)).toEqual({ state: { type: 'checkingToken', started: true }, effects: [{ type: 'token.check', token: TOKEN }] });
  });

  it('checks the token only once when the flow is started twice', () => {
    expect(run(TOKEN, started, started).effects).toEqual([]);
  });

  it('shows the expired page without a call when the link has no token', () => {
    expect(run(null, started)).toEqual({ state: { type: 'expired' }, effects: [] });
    expect(run('  ', started).state.type).toBe('expired');
  });

  it.each(['wrong_token', 'missing_token'])('shows the expired page when the token check answers %s', (reason) => {
    expect(run(TOKEN, started, { type: 'token.answered', answer: { status: 'failed', reasons: [reason] } }).state).toEqual({ type: 'expired' });
  });

  it('shows the set-password form when the token is valid', () => {
    expect(run(TOKEN, started, valid).state).toEqual({ type: 'setPassword', submitting: false, notice: null, fieldErrors: {}, failures: 0 });
  });

  it('keeps waiting when the token check got no usable answer (the global handler reacts)', () => {
    expect(run(TOKEN, started, { type: 'token.abandoned' }).state).toEqual({ type: 'checkingToken', started: true });
  });
});

describe('reset-password machine: setting the password', () => {
  it('sends token, password and confirmation once, however often the form is submitted', () => {
    const first = run(TOKEN, started, valid, submitted);
    expect(first.effects).toEqual([{ type: 'password.call', token: TOKEN, password: 'Secret123', password2: 'Secret123' }]);
    expect(first.state).toMatchObject({ type: 'setPassword', submitting: true });
    expect(transition(TOKEN, first.state, submitted).effects).toEqual([]);
  });

  it('goes to the password-changed page and refreshes the device user list when the reset is ok', () => {
    expect(run(TOKEN, started, valid, submitted, { type: 'password.answered', answer: { status: 'ok' } })).toEqual({
      state: { type: 'passwordChanged' },
      effects: [{ type: 'deviceList.refresh' }],
    });
  });

  it.each(['wrong_token', 'missing_token'])('goes to the expired page when the submit answers %s', (reason) => {
    expect(run(TOKEN, started, valid, submitted, failed([reason])).state).toEqual({ type: 'expired' });
  });

  it('puts password reasons on their fields', () => {
    expect(run(TOKEN, started, valid, submitted, failed(['weak_password', 'passwords_do_not_match'])).state).toEqual({
      type: 'setPassword',
      submitting: false,
      notice: null,
      fieldErrors: { password: 'weak_password', password2: 'passwords_do_not_match' },
      // Counted, so the form reports this answer once (focus on the first field, or an announcement).
      failures: 1,
    });
    expect(run(TOKEN, started, valid, submitted, failed(['password_required', 'password_verification_required'])).state).toMatchObject({
      fieldErrors: { password: 'password_required', password2: 'password_verification_required' },
    });
  });

  it('tells a common password apart from a weak one by the answer detail', () => {
    expect(run(TOKEN, started, valid, submitted, failed(['weak_password'], 'common_password')).state).toMatchObject({
      fieldErrors: { password: 'common_password' },
    });
  });

  it('shows the unavailable notice when the submit got no answer, app_error or an unknown reason', () => {
    expect(run(TOKEN, started, valid, submitted, { type: 'password.unavailable' }).state).toMatchObject({ notice: 'unavailable', submitting: false });
    expect(run(TOKEN, started, valid, submitted, failed(['app_error'])).state).toMatchObject({ notice: 'unavailable' });
    expect(run(TOKEN, started, valid, submitted, failed(['something_new'])).state).toMatchObject({ notice: 'unavailable' });
  });

  it('says so when the bot check refused the submit', () => {
    expect(run(TOKEN, started, valid, submitted, failed(['bot_check_failed'])).state).toMatchObject({ notice: 'bot_check_failed' });
  });

  it('lets the user submit again after the global handler took over', () => {
    const abandoned = run(TOKEN, started, valid, submitted, { type: 'password.abandoned' });
    expect(abandoned.state).toMatchObject({ type: 'setPassword', submitting: false });
    expect(transition(TOKEN, abandoned.state, submitted).effects).toHaveLength(1);
  });
});

describe('reset-password machine: a new link', () => {
  const expired = [started, { type: 'token.answered', answer: { status: 'failed', reasons: ['wrong_token'] } }] as ResetPasswordEvent[];
  const chosen: ResetPasswordEvent = { type: 'newToken.chosen' };
  const requested: ResetPasswordEvent = { type: 'newToken.submitted', email: 'jana@example.sk' };

  it('leaves the expired page for the sign-in route', () => {
    expect(run(TOKEN, ...expired, { type: 'signIn.chosen' }).effects).toEqual([{ type: 'navigation.signIn' }]);
  });

  it('opens the request form from the expired page and sends the e-mail', () => {
    expect(run(TOKEN, ...expired, chosen).state).toEqual({ type: 'requestNewToken', submitting: false, notice: null, emailError: null, failures: 0 });
    expect(run(TOKEN, ...expired, chosen, requested).effects).toEqual([{ type: 'newToken.call', email: 'jana@example.sk' }]);
  });

  it('confirms the generated link when the request is ok', () => {
    expect(run(TOKEN, ...expired, chosen, requested, { type: 'newToken.answered', answer: { status: 'ok' } }).state).toEqual({ type: 'newTokenSent' });
  });

  it.each([
    ['email_required', 'email_required'],
    ['missing_email', 'email_required'],
    ['incorrect_email', 'incorrect_email'],
  ])('puts the reason %s on the e-mail field', (reason, problem) => {
    const answered = run(TOKEN, ...expired, chosen, requested, { type: 'newToken.answered', answer: { status: 'failed', reasons: [reason] } });
    expect(answered.state).toMatchObject({ emailError: { problem }, notice: null, submitting: false });
  });

  it('shows its notice and clears the e-mail when the request fails', () => {
    expect(run(TOKEN, ...expired, chosen, requested, { type: 'newToken.unavailable' })).toEqual({
      state: { type: 'requestNewToken', submitting: false, notice: 'unavailable', emailError: null, failures: 1 },
      effects: [{ type: 'email.clear' }],
    });
  });

  it('goes to the sign-in route from the confirmation', () => {
    const sent = run(TOKEN, ...expired, chosen, requested, { type: 'newToken.answered', answer: { status: 'ok' } });
    expect(transition(TOKEN, sent.state, { type: 'signIn.chosen' }).effects).toEqual([{ type: 'navigation.signIn' }]);
  });
});

describe('reset-password machine: a page that came with the link checked', () => {
  it('starts at the screen the answer leads to, without a call', () => {
    expect(startResetPassword('token-abc', { status: 'ok' })).toEqual({ state: expect.objectContaining({ type: 'setPassword' }), effects: [] });
    expect(startResetPassword('token-abc', { status: 'failed', reasons: ['wrong_token'] })).toEqual({ state: { type: 'expired' }, effects: [] });
  });

  it('checks the link itself when the page came without the answer, and needs no call without a token', () => {
    expect(startResetPassword('token-abc').effects).toEqual([{ type: 'token.check', token: 'token-abc' }]);
    expect(startResetPassword(null)).toEqual({ state: { type: 'expired' }, effects: [] });
  });
});
