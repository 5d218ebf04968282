import { describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@gatehouse/contract';
import { login } from '@gatehouse/contract';
import { LOGIN_REASONS, initialSignInState, transition } from './sign-in.machine';
import type { SignInState } from './sign-in.machine';

const body = { username: 'jana@example.sk', password: 'Secret123' };
const loginForm = transition(initialSignInState, { type: 'flow.started', rememberedUsers: [] }).state;
const submitted = transition(loginForm, { type: 'login.submitted', body }).state;
const answer = (a: LoginAnswer) => transition(submitted, { type: 'login.answered', answer: a });

describe('sign-in machine', () => {
  it('starts unspecified and shows the login form once started', () => {
    expect(initialSignInState).toEqual({ type: 'unspecified' });
    expect(loginForm).toEqual({ type: 'loginForm', submitting: false, notice: null, serverFieldErrors: [] });
  });

  it('clears the go-cache before calling login, and marks the form as submitting', () => {
    const next = transition(loginForm, { type: 'login.submitted', body });
    expect(next.state).toMatchObject({ type: 'loginForm', submitting: true });
    expect(next.effects).toEqual([{ type: 'cache.clear' }, { type: 'login.call', body }]);
  });

  it('ignores a second submit while the first is under way', () => {
    expect(transition(submitted, { type: 'login.submitted', body }).effects).toEqual([]);
  });

  it('redirects on status ok and stays submitting', () => {
    const next = answer({ status: 'ok' });
    expect(next.effects).toEqual([{ type: 'navigation.redirect' }]);
    expect(next.state).toMatchObject({ submitting: true });
  });

  it.each(['requested_pin_code', 'pin_code_recheck_required', 'pin_code_recheck_mandatory'])(
    'shows the server-error notice for %s until the PIN form exists',
    (status) => {
      expect(answer({ status }).state).toMatchObject({ notice: 'pin_unavailable', submitting: false });
    },
  );

  it('shows incorrect credentials, empties the password and focuses it', () => {
    const next = answer({ status: 'failed', reasons: ['invalid_credentials'] });
    expect(next.state).toMatchObject({ notice: 'invalid_credentials', submitting: false });
    expect(next.effects).toEqual([
      { type: 'field.reset', field: 'password' },
      { type: 'field.focus', field: 'password' },
    ]);
  });

  it('turns username_required and password_required into field messages and focuses the first', () => {
    const next = answer({ status: 'failed', reasons: ['password_required', 'username_required'] });
    expect(next.state).toMatchObject({ notice: null, serverFieldErrors: ['password', 'email'] });
    expect(next.effects).toEqual([{ type: 'field.focus', field: 'email' }]);
  });

  it.each(['account_disabled', 'blocked', 'email_not_verified', 'bot_check_failed'] as const)('shows a form notice for %s', (reason) => {
    expect(answer({ status: 'failed', reasons: [reason] }).state).toMatchObject({ notice: reason });
  });

  it('enters the server-error state on app_error', () => {
    expect(answer({ status: 'failed', reasons: ['app_error'] }).effects).toEqual([{ type: 'app.serverError' }]);
  });

  it('shows the PIN mail snackbar on pin_code_mail_failed', () => {
    expect(answer({ status: 'failed', reasons: ['pin_code_mail_failed'] }).effects).toEqual([{ type: 'snackbar.pinMailFailed' }]);
  });

  it('falls back to the generic notice for an unknown reason or status', () => {
    expect(answer({ status: 'failed', reasons: ['something_new'] }).state).toMatchObject({ notice: 'unexpected' });
    expect(answer({ status: 'failed' }).state).toMatchObject({ notice: 'unexpected' });
    expect(answer({ status: 'maybe' }).state).toMatchObject({ notice: 'unexpected' });
  });

  it('shows the server-error notice when the login got no answer', () => {
    expect(transition(submitted, { type: 'login.unanswered' }).state).toMatchObject({ notice: 'no_answer', submitting: false });
  });

  it('stops submitting when the global handler took over', () => {
    expect(transition(submitted, { type: 'login.abandoned' }).state).toMatchObject({ submitting: false, notice: null });
  });

  it('ignores a late answer when nothing is being submitted', () => {
    const state: SignInState = loginForm;
    expect(transition(state, { type: 'login.answered', answer: { status: 'ok' } })).toEqual({ state, effects: [] });
  });

  it('knows every reason the contract says the login may return', () => {
    expect([...LOGIN_REASONS].sort()).toEqual([...login.reasons].sort());
  });
});
