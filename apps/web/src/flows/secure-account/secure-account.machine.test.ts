import { describe, expect, it } from 'vitest';
import { startSecureAccount, transition } from './secure-account.machine';
import type { SecureAccountEvent, SecureAccountState } from './secure-account.machine';

const TOKEN = 'link-token';
/** Starts the machine (as useMachine does), or takes it at `start`, and runs the events: the last state and every effect. */
const run = (events: SecureAccountEvent[], token: string | null = TOKEN, start?: SecureAccountState) => {
  const first = start === undefined ? startSecureAccount({ token, usedHere: false }) : { state: start, effects: [] };
  let state = first.state;
  const effects = [...first.effects];
  for (const event of events) {
    const next = transition(token, state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
};
const confirmState: SecureAccountState = { type: 'confirm', submitting: false, notice: null, failures: 0 };

describe('secure-account machine', () => {
  it('checks the link once on start and changes nothing else: the button is the only way to secure', () => {
    const { state, effects } = run([]);
    expect(effects).toEqual([{ type: 'link.check', token: TOKEN }]);
    expect(state).toEqual({ type: 'checkingLink' });
    expect(run([{ type: 'link.answered', answer: { status: 'ok' } }]).state).toEqual(confirmState);
  });

  it.each([['wrong_token'], ['missing_token'], ['bot_check_failed']])(
    'shows the expired screen when the check answers %s',
    (reason) => {
      expect(run([{ type: 'link.answered', answer: { status: 'failed', reasons: [reason] } }]).state).toEqual({
        type: 'expired',
      });
    },
  );

  it('offers the check again after a check that got no usable answer, and checks once per press', () => {
    const abandoned = run([{ type: 'link.abandoned' }]);
    expect(abandoned.state).toEqual({ type: 'checkFailed' });
    // Pressed twice before the page changed: one check.
    expect(run([{ type: 'check.retried' }, { type: 'check.retried' }], TOKEN, abandoned.state).effects).toEqual([
      { type: 'link.check', token: TOKEN },
    ]);
    const retried = run([{ type: 'check.retried' }], TOKEN, abandoned.state);
    expect(retried).toEqual({
      state: { type: 'checkingLink' },
      effects: [{ type: 'link.check', token: TOKEN }],
    });
    expect(run([{ type: 'link.answered', answer: { status: 'ok' } }], TOKEN, retried.state).state).toEqual(
      confirmState,
    );
    expect(run([{ type: 'signIn.chosen' }], TOKEN, abandoned.state).effects).toEqual([{ type: 'navigation.signIn' }]);
    expect(run([{ type: 'secure.chosen' }], TOKEN, abandoned.state)).toEqual({ state: abandoned.state, effects: [] });
  });

  it('shows the expired screen without asking when the link has no token', () => {
    const { state, effects } = run([], null);
    expect(state).toEqual({ type: 'expired' });
    expect(effects).toEqual([]);
  });

  it('secures once on the button, however often it is pressed, and goes on to the new password with the reset token', () => {
    const pressed = run([{ type: 'secure.chosen' }, { type: 'secure.chosen' }], TOKEN, confirmState);
    expect(pressed.effects).toEqual([{ type: 'secure.call', token: TOKEN }]);
    const secured = run(
      [
        { type: 'secure.answered', answer: { status: 'ok', resetToken: 'reset-token' } },
        { type: 'newPassword.chosen' },
      ],
      TOKEN,
      pressed.state,
    );
    expect(secured.state).toEqual({ type: 'secured', resetToken: 'reset-token' });
    expect(secured.effects).toEqual([{ type: 'navigation.resetPassword', token: 'reset-token' }]);
  });

  it('shows the expired screen when the link was used in the meantime', () => {
    const submitting = run([{ type: 'secure.chosen' }], TOKEN, confirmState).state;
    expect(
      run([{ type: 'secure.answered', answer: { status: 'failed', reasons: ['wrong_token'] } }], TOKEN, submitting)
        .state,
    ).toEqual({ type: 'expired' });
  });

  it('keeps the confirm screen with a notice, counted, when the service is unavailable or the bot check refuses', () => {
    const submitting = run([{ type: 'secure.chosen' }], TOKEN, confirmState).state;
    expect(run([{ type: 'secure.unavailable' }], TOKEN, submitting).state).toEqual({
      type: 'confirm',
      submitting: false,
      notice: 'unavailable',
      failures: 1,
    });
    expect(
      run([{ type: 'secure.answered', answer: { status: 'failed', reasons: ['bot_check_failed'] } }], TOKEN, submitting)
        .state,
    ).toEqual({
      type: 'confirm',
      submitting: false,
      notice: 'bot_check_failed',
      failures: 1,
    });
    expect(run([{ type: 'secure.abandoned' }], TOKEN, submitting).state).toEqual(confirmState);
  });

  it('offers a reset link and sign-in from the expired screen', () => {
    const expired: SecureAccountState = { type: 'expired' };
    expect(run([{ type: 'signIn.chosen' }], TOKEN, expired).effects).toEqual([{ type: 'navigation.signIn' }]);
    const asked = run(
      [
        { type: 'newToken.chosen' },
        { type: 'newToken.submitted', email: 'ana@example.test' },
        { type: 'newToken.answered', answer: { status: 'ok' } },
      ],
      TOKEN,
      expired,
    );
    expect(asked.effects).toEqual([{ type: 'newToken.call', email: 'ana@example.test' }]);
    expect(asked.state).toEqual({ type: 'newTokenSent', email: 'ana@example.test' });
    // Sign-in then starts with the address the link went to.
    expect(run([{ type: 'signIn.chosen' }], TOKEN, asked.state).effects).toEqual([
      { type: 'navigation.signIn', email: 'ana@example.test' },
    ]);
  });

  it('shows the confirmation again, without a check, when this browser secured the account with the link; a new password then comes by a mailed link', () => {
    const again = startSecureAccount({ token: TOKEN, usedHere: true });
    expect(again).toEqual({ state: { type: 'secured', resetToken: null }, effects: [] });
    const chosen = run([{ type: 'newPassword.chosen' }], TOKEN, again.state);
    // The reset token was the page's only: no navigation without it, the reset-link request instead.
    expect(chosen.effects).toEqual([]);
    expect(chosen.state.type).toBe('requestNewToken');
    const asked = run(
      [
        { type: 'newToken.submitted', email: 'ana@example.test' },
        { type: 'newToken.answered', answer: { status: 'ok' } },
      ],
      TOKEN,
      chosen.state,
    );
    expect(asked.effects).toEqual([{ type: 'newToken.call', email: 'ana@example.test' }]);
    expect(asked.state).toEqual({ type: 'newTokenSent', email: 'ana@example.test' });
    // A link without a token is still expired.
    expect(startSecureAccount({ token: null, usedHere: true }).state).toEqual({ type: 'expired' });
  });
});
