import { describe, expect, it } from 'vitest';
import { jana } from './sign-in.fixtures';
import { initialSignInState, transition } from './sign-in.machine';
import type { SignInEvent, SignInState, Transition } from './sign-in.machine';

const assertion = {
  id: 'aWQ',
  type: 'public-key' as const,
  rawId: 'aWQ',
  response: { clientDataJSON: 'Yw', authenticatorData: 'YQ', signature: 'cw' },
};

function run(state: SignInState, ...events: SignInEvent[]): Transition {
  let last: Transition = { state, effects: [] };
  for (const event of events) last = transition(last.state, event);
  return last;
}

const loginForm = transition(initialSignInState, { type: 'flow.started', rememberedUsers: [], pinStep: null }).state;
const rememberedForm = transition(initialSignInState, {
  type: 'flow.started',
  rememberedUsers: [jana],
  pinStep: null,
}).state;
const login = (state: SignInState, reasons: string[]) =>
  run(
    state,
    { type: 'login.submitted', body: { username: 'jana@example.sk', password: 'Secret123' } },
    { type: 'login.answered', answer: { status: 'failed', reasons } },
  );
const pin = (reasons: string[]) =>
  run(
    loginForm,
    { type: 'login.submitted', body: { username: 'jana@example.sk', password: 'Secret123' } },
    { type: 'login.answered', answer: { status: 'requested_pin_code' } },
    { type: 'pin.submitted', pin: '123456', rememberDevice: false },
    { type: 'pin.answered', answer: { status: 'failed', reasons } },
  );
const forgot = (reasons: string[]) =>
  run(
    loginForm,
    { type: 'forgot.opened', email: 'jana@example.sk' },
    { type: 'forgot.submitted', email: 'jana@example.sk' },
    { type: 'forgot.answered', answer: { status: 'failed', reasons } },
  );
const passkey = (status: string, reasons: string[]) =>
  run(
    rememberedForm,
    { type: 'passkey.asserted', body: assertion, source: 'button' },
    { type: 'passkey.answered', answer: { status, reasons } },
  );

/**
 * An answer with several reasons: which outcome of the call's reason → outcome table wins
 * (docs/flows/sign-in.md, Reasons and outcomes).
 */
describe('sign-in machine: an answer with several reasons', () => {
  it('login: the error page before a page, a page before the form, and an unknown reason changes nothing', () => {
    expect(login(loginForm, ['account_disabled', 'app_error']).effects).toEqual([{ type: 'app.serverError' }]);
    expect(login(loginForm, ['invalid_credentials', 'blocked', 'account_disabled']).state).toMatchObject({
      type: 'disabled',
    });
    expect(login(loginForm, ['email_not_verified', 'blocked']).state).toMatchObject({
      type: 'blocked',
      email: 'jana@example.sk',
    });
    expect(login(loginForm, ['brand_new_reason', 'blocked']).state).toMatchObject({ type: 'blocked' });
  });

  it('login: every empty field, before the PIN-mail snackbar and wrong credentials', () => {
    const next = login(loginForm, [
      'invalid_credentials',
      'password_required',
      'pin_code_mail_failed',
      'username_required',
    ]);
    expect(next.state).toMatchObject({ type: 'loginForm', serverFieldErrors: ['password', 'email'], notice: null });
    expect(next.effects).toEqual([]);
    expect(login(loginForm, ['invalid_credentials', 'pin_code_mail_failed']).effects).toEqual([
      { type: 'snackbar.pinMailFailed' },
    ]);
  });

  it("login: wrong credentials before another notice, and of the other notices the answer's first", () => {
    const wrong = login(rememberedForm, ['bot_check_failed', 'invalid_credentials']);
    expect(wrong.state).toMatchObject({ type: 'rememberedUser', notice: 'invalid_credentials' });
    expect(wrong.effects).toEqual([{ type: 'field.reset', field: 'password' }]);
    expect(login(loginForm, ['bot_check_failed', 'email_not_verified']).state).toMatchObject({
      notice: 'bot_check_failed',
    });
    expect(login(loginForm, ['credentials_required', 'bot_check_failed']).state).toMatchObject({
      notice: 'credentials_required',
    });
    expect(login(loginForm, ['brand_new_reason']).state).toMatchObject({ notice: 'unexpected' });
  });

  it('PIN: the end of the step first, then blocked, then a wrong code before a missing one', () => {
    expect(pin(['blocked', 'credentials_required']).state).toMatchObject({
      type: 'loginForm',
      notice: 'credentials_required',
    });
    expect(pin(['app_error', 'wrong_pin_code', 'blocked']).state).toMatchObject({ type: 'blocked' });
    const wrong = pin(['pin_code_required', 'wrong_pin_code']);
    expect(wrong.state).toMatchObject({ type: 'pin', problem: 'invalid' });
    expect(wrong.effects).toEqual([{ type: 'pin.readAttempts' }]);
    expect(pin(['brand_new_reason', 'pin_code_required']).state).toMatchObject({ type: 'pin', problem: 'required' });
    expect(pin(['app_error']).state).toMatchObject({ type: 'loginForm', notice: 'credentials_required' });
  });

  it('forgot password: app_error as no answer, then a required e-mail, an invalid one, the bot check', () => {
    expect(forgot(['incorrect_email', 'app_error']).state).toMatchObject({
      type: 'forgotPassword',
      notice: 'server_error',
      email: '',
    });
    expect(forgot(['incorrect_email', 'email_required']).state).toMatchObject({ problem: 'required', notice: null });
    expect(forgot(['bot_check_failed', 'incorrect_email']).state).toMatchObject({
      problem: 'invalid_email',
      notice: null,
    });
    expect(forgot(['brand_new_reason', 'bot_check_failed']).state).toMatchObject({
      problem: null,
      notice: 'bot_check_failed',
    });
    expect(forgot(['brand_new_reason']).state).toMatchObject({ notice: 'server_error' });
  });

  it("passkey: a page only for a failed answer, then the notices in the table's precedence", () => {
    expect(passkey('failed', ['invalid_credentials', 'blocked', 'account_disabled']).state).toMatchObject({
      type: 'disabled',
      email: jana.email,
    });
    expect(passkey('failed', ['email_not_verified', 'blocked']).state).toMatchObject({ type: 'blocked' });
    expect(passkey('other', ['blocked', 'app_error']).state).toMatchObject({
      type: 'rememberedUser',
      passkeyNotice: 'internalError',
    });
    expect(passkey('failed', ['app_error', 'bot_check_failed', 'email_not_verified']).state).toMatchObject({
      passkeyNotice: 'emailNotVerified',
    });
    expect(passkey('failed', ['app_error', 'bot_check_failed']).state).toMatchObject({
      passkeyNotice: 'botCheckFailed',
    });
    expect(passkey('failed', ['email_not_verified', 'invalid_credentials']).state).toMatchObject({
      passkeyNotice: 'invalidCredentials',
    });
    expect(passkey('failed', ['brand_new_reason']).state).toMatchObject({ passkeyNotice: 'failed' });
  });
});
