import { describe, expect, it } from 'vitest';
import { INVITATION_LINK, RESET_LINK } from './token-link.kinds';
import type { TokenLinkKind } from './token-link.kinds';
import { startTokenLink, transition as transitionWith } from './token-link.machine';
import type { TokenLinkEvent, TokenLinkPage, TokenLinkState, TokenLinkSteps } from './token-link.machine';

/** The page of a link opened by a guest who has not used it; `visitor` says otherwise. */
const pageOf = (token: string | null, visitor: Partial<Omit<TokenLinkPage, 'token'>> = {}): TokenLinkPage => ({
  token,
  signedIn: false,
  usedHere: false,
  ...visitor,
});

/** The machine with a kind's steps; `run` starts it (as useMachine does) and runs events, returning the last transition. */
function machineOf(steps: TokenLinkSteps) {
  const transition = (token: string | null, state: TokenLinkState, event: TokenLinkEvent) =>
    transitionWith(steps, pageOf(token), state, event);
  const run = (token: string | null, ...events: TokenLinkEvent[]) => {
    let last: ReturnType<typeof transition> = startTokenLink(steps, pageOf(token));
    let state: TokenLinkState = last.state;
    for (const event of events) {
      last = transition(token, state, event);
      state = last.state;
    }
    return last;
  };
  return { transition, run };
}

describe('token-link machine, a reset link', () => {
  const TOKEN = 'token-abc';
  const { transition, run } = machineOf(RESET_LINK.steps);

  const valid: TokenLinkEvent = { type: 'token.answered', answer: { status: 'ok' } };
  const submitted: TokenLinkEvent = { type: 'password.submitted', password: 'Secret123', password2: 'Secret123' };
  const failed = (reasons: string[], detail?: string): TokenLinkEvent => ({
    type: 'password.answered',
    answer: { status: 'failed', reasons, ...(detail ? { detail } : {}) },
  });

  describe('the token on load', () => {
    it('checks the token from the link when the flow starts', () => {
      expect(run(TOKEN)).toEqual({
        state: { type: 'checkingToken' },
        effects: [{ type: 'token.check', token: TOKEN }],
      });
    });

    it('shows the expired page without a call when the link has no token', () => {
      expect(run(null)).toEqual({ state: { type: 'expired' }, effects: [] });
      expect(run('  ').state.type).toBe('expired');
    });

    it.each(['wrong_token', 'missing_token'])('shows the expired page when the token check answers %s', (reason) => {
      expect(run(TOKEN, { type: 'token.answered', answer: { status: 'failed', reasons: [reason] } }).state).toEqual({
        type: 'expired',
      });
    });

    it('shows the set-password form when the token is valid', () => {
      expect(run(TOKEN, valid).state).toEqual({
        type: 'setPassword',
        account: null,
        submitting: false,
        notice: null,
        fieldErrors: {},
        failures: 0,
      });
    });

    it('offers the check again when the token check got no usable answer (the global handler told why)', () => {
      const abandoned = run(TOKEN, { type: 'token.abandoned' });
      expect(abandoned).toEqual({ state: { type: 'checkFailed' }, effects: [] });
      const retried = transition(TOKEN, abandoned.state, { type: 'check.retried' });
      // A second press before the page changed asks nothing more.
      expect(transition(TOKEN, retried.state, { type: 'check.retried' }).effects).toEqual([]);
      expect(retried).toEqual({
        state: { type: 'checkingToken' },
        effects: [{ type: 'token.check', token: TOKEN }],
      });
      expect(transition(TOKEN, retried.state, valid).state.type).toBe('setPassword');
      expect(transition(TOKEN, abandoned.state, { type: 'signIn.chosen' }).effects).toEqual([
        { type: 'navigation.signIn' },
      ]);
      expect(transition(TOKEN, abandoned.state, submitted)).toEqual({ state: abandoned.state, effects: [] });
    });
  });

  describe('loaded again in the browser that set the password with it (a reload, the mail opened again)', () => {
    const usedHere = { usedHere: true };

    it('shows the password-changed page again, without a check or a call', () => {
      // Without a check, the page does not know the account.
      expect(startTokenLink(RESET_LINK.steps, pageOf(TOKEN, usedHere))).toEqual({
        state: { type: 'passwordChanged', account: null },
        effects: [],
      });
      // Signed in by now (in another tab) or not: the same.
      expect(startTokenLink(RESET_LINK.steps, pageOf(TOKEN, { ...usedHere, signedIn: true })).state).toEqual({
        type: 'passwordChanged',
        account: null,
      });
    });

    it('leads to sign in from there', () => {
      const changed = startTokenLink(RESET_LINK.steps, pageOf(TOKEN, usedHere));
      expect(transition(TOKEN, changed.state, { type: 'signIn.chosen' }).effects).toEqual([
        { type: 'navigation.signIn' },
      ]);
    });

    it('still calls a link without a token expired', () => {
      expect(startTokenLink(RESET_LINK.steps, pageOf(null, usedHere)).state).toEqual({ type: 'expired' });
    });

    it('does not apply to an invitation link (a registration signs the person in: see the signed-in visitor)', () => {
      expect(startTokenLink(INVITATION_LINK.steps, pageOf(TOKEN, usedHere))).toEqual({
        state: { type: 'checkingToken' },
        effects: [{ type: 'token.check', token: TOKEN }],
      });
    });
  });

  describe('setting the password', () => {
    it('sends token, password and confirmation once, however often the form is submitted', () => {
      const first = run(TOKEN, valid, submitted);
      expect(first.effects).toEqual([
        { type: 'password.call', token: TOKEN, password: 'Secret123', password2: 'Secret123' },
      ]);
      expect(first.state).toMatchObject({ type: 'setPassword', submitting: true });
      expect(transition(TOKEN, first.state, submitted).effects).toEqual([]);
    });

    it('goes to the password-changed page and refreshes the device user list when the reset is ok', () => {
      expect(run(TOKEN, valid, submitted, { type: 'password.answered', answer: { status: 'ok' } })).toEqual({
        state: { type: 'passwordChanged', account: null },
        effects: [{ type: 'deviceList.refresh' }],
      });
    });

    it('hands the account its check named to sign-in, so that the login form starts with it', () => {
      const named: TokenLinkEvent = { type: 'token.answered', answer: { status: 'ok', email: 'jana@example.sk' } };
      const changed = run(TOKEN, named, submitted, { type: 'password.answered', answer: { status: 'ok' } });
      expect(changed.state).toEqual({ type: 'passwordChanged', account: 'jana@example.sk' });
      expect(transition(TOKEN, changed.state, { type: 'signIn.chosen' }).effects).toEqual([
        { type: 'navigation.signIn', email: 'jana@example.sk' },
      ]);
    });

    it.each(['wrong_token', 'missing_token'])('goes to the expired page when the submit answers %s', (reason) => {
      expect(run(TOKEN, valid, submitted, failed([reason])).state).toEqual({ type: 'expired' });
    });

    it('names the account when the check names it, through every answer of the form', () => {
      const named: TokenLinkEvent = { type: 'token.answered', answer: { status: 'ok', email: 'jana@example.sk' } };
      expect(run(TOKEN, named).state).toMatchObject({ type: 'setPassword', account: 'jana@example.sk' });
      expect(run(TOKEN, named, submitted).state).toMatchObject({ submitting: true, account: 'jana@example.sk' });
      expect(run(TOKEN, named, submitted, failed(['weak_password'], 'current_password')).state).toMatchObject({
        account: 'jana@example.sk',
        fieldErrors: { password: 'current_password' },
      });
      expect(run(TOKEN, named, submitted, { type: 'password.unavailable' }).state).toMatchObject({
        account: 'jana@example.sk',
        notice: 'unavailable',
      });
    });

    it('puts password reasons on their fields', () => {
      expect(run(TOKEN, valid, submitted, failed(['weak_password', 'passwords_do_not_match'])).state).toEqual({
        type: 'setPassword',
        account: null,
        submitting: false,
        notice: null,
        fieldErrors: { password: 'weak_password', password2: 'passwords_do_not_match' },
        // Counted, so the form reports this answer once (focus on the first field, or an announcement).
        failures: 1,
      });
      expect(
        run(TOKEN, valid, submitted, failed(['password_required', 'password_verification_required'])).state,
      ).toMatchObject({
        fieldErrors: { password: 'password_required', password2: 'password_verification_required' },
      });
    });

    it('tells a common and the current password apart from a weak one by the answer detail', () => {
      expect(run(TOKEN, valid, submitted, failed(['weak_password'], 'common_password')).state).toMatchObject({
        fieldErrors: { password: 'common_password' },
      });
      expect(run(TOKEN, valid, submitted, failed(['weak_password'], 'current_password')).state).toMatchObject({
        fieldErrors: { password: 'current_password' },
      });
      expect(run(TOKEN, valid, submitted, failed(['weak_password'], 'unknown_detail')).state).toMatchObject({
        fieldErrors: { password: 'weak_password' },
      });
    });

    it('shows the unavailable notice when the submit got no answer, app_error or an unknown reason', () => {
      expect(run(TOKEN, valid, submitted, { type: 'password.unavailable' }).state).toMatchObject({
        notice: 'unavailable',
        submitting: false,
      });
      expect(run(TOKEN, valid, submitted, failed(['app_error'])).state).toMatchObject({
        notice: 'unavailable',
      });
      expect(run(TOKEN, valid, submitted, failed(['something_new'])).state).toMatchObject({
        notice: 'unavailable',
      });
    });

    it('says so when the bot check refused the submit', () => {
      expect(run(TOKEN, valid, submitted, failed(['bot_check_failed'])).state).toMatchObject({
        notice: 'bot_check_failed',
      });
    });

    it('lets the user submit again after the global handler took over', () => {
      const abandoned = run(TOKEN, valid, submitted, { type: 'password.abandoned' });
      expect(abandoned.state).toMatchObject({ type: 'setPassword', submitting: false });
      expect(transition(TOKEN, abandoned.state, submitted).effects).toHaveLength(1);
    });
  });

  describe('a new link', () => {
    const expired = [
      { type: 'token.answered', answer: { status: 'failed', reasons: ['wrong_token'] } },
    ] as TokenLinkEvent[];
    const chosen: TokenLinkEvent = { type: 'newToken.chosen' };
    const requested: TokenLinkEvent = { type: 'newToken.submitted', email: 'jana@example.sk' };

    it('leaves the expired page for the sign-in route', () => {
      expect(run(TOKEN, ...expired, { type: 'signIn.chosen' }).effects).toEqual([{ type: 'navigation.signIn' }]);
    });

    it('opens the request form from the expired page and sends the e-mail', () => {
      expect(run(TOKEN, ...expired, chosen).state).toEqual({
        type: 'requestNewToken',
        submitting: false,
        notice: null,
        emailError: null,
        failures: 0,
        email: '',
      });
      expect(run(TOKEN, ...expired, chosen, requested).effects).toEqual([
        { type: 'newToken.call', email: 'jana@example.sk' },
      ]);
    });

    it('confirms the generated link when the request is ok', () => {
      expect(
        run(TOKEN, ...expired, chosen, requested, { type: 'newToken.answered', answer: { status: 'ok' } }).state,
      ).toEqual({ type: 'newTokenSent', email: 'jana@example.sk' });
    });

    it.each([
      ['email_required', 'email_required'],
      ['missing_email', 'email_required'],
      ['incorrect_email', 'incorrect_email'],
    ])('puts the reason %s on the e-mail field', (reason, problem) => {
      const answered = run(TOKEN, ...expired, chosen, requested, {
        type: 'newToken.answered',
        answer: { status: 'failed', reasons: [reason] },
      });
      expect(answered.state).toMatchObject({ emailError: { problem }, notice: null, submitting: false });
    });

    it('shows its notice and clears the e-mail when the request fails', () => {
      expect(run(TOKEN, ...expired, chosen, requested, { type: 'newToken.unavailable' })).toEqual({
        state: {
          type: 'requestNewToken',
          submitting: false,
          notice: 'unavailable',
          emailError: null,
          failures: 1,
          email: '',
        },
        effects: [{ type: 'email.clear' }],
      });
    });

    it('goes to the sign-in route from the confirmation', () => {
      const sent = run(TOKEN, ...expired, chosen, requested, { type: 'newToken.answered', answer: { status: 'ok' } });
      // With the address the link went to: the login form starts with it.
      expect(transition(TOKEN, sent.state, { type: 'signIn.chosen' }).effects).toEqual([
        { type: 'navigation.signIn', email: 'jana@example.sk' },
      ]);
    });
  });
});

describe('token-link machine, an invitation link', () => {
  const TOKEN = 'invitation-token';
  const { transition, run } = machineOf(INVITATION_LINK.steps);

  const valid: TokenLinkEvent = { type: 'token.answered', answer: { status: 'ok', email: 'jana@example.sk' } };
  const continued: TokenLinkEvent = { type: 'welcome.continued' };
  const submitted: TokenLinkEvent = { type: 'password.submitted', password: 'Secret123', password2: 'Secret123' };
  const registered: TokenLinkEvent = { type: 'password.answered', answer: { status: 'ok' } };
  const toPairDevice = [valid, continued, submitted, registered];

  describe('the token on load', () => {
    it('checks the token once and shows the welcome page when it is valid', () => {
      expect(run(TOKEN).effects).toEqual([{ type: 'token.check', token: TOKEN }]);
      expect(run(TOKEN, valid)).toEqual({ state: { type: 'welcome', account: 'jana@example.sk' }, effects: [] });
    });

    it.each(['wrong_token', 'missing_token'])('shows the expired page when the token check answers %s', (reason) => {
      expect(run(TOKEN, { type: 'token.answered', answer: { status: 'failed', reasons: [reason] } }).state).toEqual({
        type: 'expired',
      });
    });

    it('shows the expired page without a call when the link has no token', () => {
      expect(run(null)).toEqual({ state: { type: 'expired' }, effects: [] });
    });

    describe('for a visitor who came signed in (a later step reloaded, the mail opened again)', () => {
      const signedIn = { signedIn: true };
      const signedInStep = (state: TokenLinkState, event: TokenLinkEvent) =>
        transitionWith(INVITATION_LINK.steps, pageOf(TOKEN, signedIn), state, event);
      const used: TokenLinkEvent = { type: 'token.answered', answer: { status: 'failed', reasons: ['wrong_token'] } };

      it('goes on to the redirect target when the link no longer works, not to the expired page', () => {
        const checking = startTokenLink(INVITATION_LINK.steps, pageOf(TOKEN, signedIn));
        expect(checking).toEqual({
          state: { type: 'checkingToken' },
          effects: [{ type: 'token.check', token: TOKEN }],
        });
        expect(signedInStep(checking.state, used)).toEqual({
          state: { type: 'finishing' },
          effects: [{ type: 'navigation.redirect' }],
        });
        // The server's answer in the page it rendered: the same, at once.
        expect(startTokenLink(INVITATION_LINK.steps, pageOf(TOKEN, signedIn), used.answer)).toEqual({
          state: { type: 'finishing' },
          effects: [{ type: 'navigation.redirect' }],
        });
      });

      it('still goes on after the check was asked for again', () => {
        const checking = startTokenLink(INVITATION_LINK.steps, pageOf(TOKEN, signedIn));
        const abandoned = signedInStep(checking.state, { type: 'token.abandoned' });
        const retried = signedInStep(abandoned.state, { type: 'check.retried' });
        expect(signedInStep(retried.state, used).effects).toEqual([{ type: 'navigation.redirect' }]);
      });

      it("welcomes them as anyone when the link is live (another person's invitation, opened while signed in)", () => {
        const checking = startTokenLink(INVITATION_LINK.steps, pageOf(TOKEN, signedIn));
        expect(signedInStep(checking.state, valid).state).toEqual({ type: 'welcome', account: 'jana@example.sk' });
      });

      it('shows a reset link that no longer works as expired, signed in or not (a reset signs no one in)', () => {
        const checking = startTokenLink(RESET_LINK.steps, pageOf(TOKEN, signedIn));
        expect(transitionWith(RESET_LINK.steps, pageOf(TOKEN, signedIn), checking.state, used).state).toEqual({
          type: 'expired',
        });
      });
    });
  });

  describe('the first password', () => {
    it('goes from the welcome page to the set-password form', () => {
      expect(run(TOKEN, valid, continued).state).toEqual({
        type: 'setPassword',
        account: 'jana@example.sk',
        submitting: false,
        notice: null,
        fieldErrors: {},
        failures: 0,
      });
    });

    it('registers with the token, password and confirmation', () => {
      expect(run(TOKEN, valid, continued, submitted).effects).toEqual([
        { type: 'password.call', token: TOKEN, password: 'Secret123', password2: 'Secret123' },
      ]);
    });

    it('offers to pair the device when the registration is ok', () => {
      expect(run(TOKEN, ...toPairDevice)).toEqual({
        state: { type: 'pairDevice', pairing: false, notice: null },
        effects: [],
      });
    });

    it('goes to the expired page when the submit answers wrong_token', () => {
      expect(
        run(TOKEN, valid, continued, submitted, {
          type: 'password.answered',
          answer: { status: 'failed', reasons: ['wrong_token'] },
        }).state,
      ).toEqual({
        type: 'expired',
      });
    });

    it('puts a common password on the password field and a mismatch on the confirmation', () => {
      const answer = {
        status: 'failed',
        reasons: ['weak_password', 'passwords_do_not_match'],
        detail: 'common_password',
      };
      expect(run(TOKEN, valid, continued, submitted, { type: 'password.answered', answer }).state).toMatchObject({
        fieldErrors: { password: 'common_password', password2: 'passwords_do_not_match' },
      });
    });

    it('shows the unavailable notice when the registration got no answer', () => {
      expect(run(TOKEN, valid, continued, submitted, { type: 'password.unavailable' }).state).toMatchObject({
        type: 'setPassword',
        notice: 'unavailable',
        submitting: false,
      });
    });
  });

  describe('pairing the device', () => {
    it('finishes the registration without pairing when the user skips', () => {
      expect(run(TOKEN, ...toPairDevice, { type: 'device.skipped' })).toEqual({
        state: { type: 'finishing' },
        effects: [{ type: 'registration.finish' }],
      });
    });

    it('pairs the device once, then finishes the registration', () => {
      const pairing = run(TOKEN, ...toPairDevice, { type: 'device.pairChosen' });
      expect(pairing).toEqual({
        state: { type: 'pairDevice', pairing: true, notice: null },
        effects: [{ type: 'device.pair' }],
      });
      expect(transition(TOKEN, pairing.state, { type: 'device.pairChosen' }).effects).toEqual([]);
      expect(transition(TOKEN, pairing.state, { type: 'device.skipped' }).effects).toEqual([]);
      expect(transition(TOKEN, pairing.state, { type: 'device.paired' })).toEqual({
        state: { type: 'finishing' },
        effects: [{ type: 'registration.finish' }],
      });
    });

    it('says pairing failed and still lets the user skip', () => {
      const failed = run(TOKEN, ...toPairDevice, { type: 'device.pairChosen' }, { type: 'device.pairFailed' });
      expect(failed.state).toEqual({ type: 'pairDevice', pairing: false, notice: 'pairFailed' });
      expect(transition(TOKEN, failed.state, { type: 'device.skipped' }).effects).toEqual([
        { type: 'registration.finish' },
      ]);
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
      expect(transition(TOKEN, finishing.state, { type: 'passkeyOffer.checked', offer: false }).effects).toEqual([
        { type: 'navigation.redirect' },
      ]);
    });
  });

  describe('a new invitation link', () => {
    const expired = [
      { type: 'token.answered', answer: { status: 'failed', reasons: ['missing_token'] } },
    ] as TokenLinkEvent[];
    const requested = run(
      TOKEN,
      ...expired,
      { type: 'newToken.chosen' },
      { type: 'newToken.submitted', email: 'jana@example.sk' },
    );

    it('closes the expired page to the sign-in route', () => {
      expect(run(TOKEN, ...expired, { type: 'signIn.chosen' }).effects).toEqual([{ type: 'navigation.signIn' }]);
    });

    it('requests a new link with the e-mail and confirms it', () => {
      expect(requested.effects).toEqual([{ type: 'newToken.call', email: 'jana@example.sk' }]);
      expect(transition(TOKEN, requested.state, { type: 'newToken.answered', answer: { status: 'ok' } }).state).toEqual(
        { type: 'newTokenSent', email: 'jana@example.sk' },
      );
    });

    it('clears the e-mail and shows its notice when the request fails', () => {
      expect(
        transition(TOKEN, requested.state, {
          type: 'newToken.answered',
          answer: { status: 'failed', reasons: ['app_error'] },
        }).effects,
      ).toEqual([{ type: 'email.clear' }]);
    });
  });
});

describe.each([
  ['a reset link', RESET_LINK, 'setPassword'],
  ['an invitation link', INVITATION_LINK, 'welcome'],
] as [string, TokenLinkKind, string][])(
  'token-link machine, %s: a page that came with the link checked',
  (_kind, kind, first) => {
    it('starts at the screen the answer leads to, without a call', () => {
      expect(startTokenLink(kind.steps, pageOf('token-abc'), { status: 'ok' })).toEqual({
        state: expect.objectContaining({ type: first }),
        effects: [],
      });
      expect(startTokenLink(kind.steps, pageOf('token-abc'), { status: 'failed', reasons: ['wrong_token'] })).toEqual({
        state: { type: 'expired' },
        effects: [],
      });
    });

    it('checks the link itself when the page came without the answer, and needs no call without a token', () => {
      expect(startTokenLink(kind.steps, pageOf('token-abc')).effects).toEqual([
        { type: 'token.check', token: 'token-abc' },
      ]);
      expect(startTokenLink(kind.steps, pageOf(null))).toEqual({ state: { type: 'expired' }, effects: [] });
    });
  },
);
