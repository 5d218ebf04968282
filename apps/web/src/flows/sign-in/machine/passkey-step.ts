/**
 * Passkey sign-in on the two sign-in forms (docs/decisions/0008-passkeys-in-the-app.md): the
 * button's ceremony, an autofill pick, the check of the assertion and what its answer leads to.
 * PASSKEY_OUTCOMES is the one table from each reason of POST /api/webauthn/get to what happens
 * (docs/flows/sign-in.md, Reasons and outcomes).
 */
import type { WebauthnGetReason, WebauthnSignInAnswer } from '@gatehouse/contract';
import type { MessageId } from '../../../shared/i18n';
import { afterSignIn, formEmail, go, originOf, outcomesOf, stay } from './common';
import type { PasskeyNotice, SignInEvent, SignInFormState, Transition } from './types';

/** What one reason of the passkey sign-in does; `message` is what the person then reads. */
export type PasskeyOutcome =
  /** The disabled-account page. */
  | { kind: 'disabled'; message: MessageId }
  /** The blocked page. */
  | { kind: 'blocked'; message: MessageId }
  /** The passkey part's notice; the form stays. */
  | { kind: 'notice'; notice: PasskeyNotice; message: MessageId };

/**
 * Every reason of the passkey sign-in and its outcome. A `failed` answer with a page's reason
 * leads there; else the notice first in PASSKEY_NOTICE_PRECEDENCE shows, `failed` when none.
 */
export const PASSKEY_OUTCOMES = {
  invalid_credentials: { kind: 'notice', notice: 'invalidCredentials', message: 'signIn.passkey.invalidCredentials' },
  account_disabled: { kind: 'disabled', message: 'signIn.disabled.body' },
  blocked: { kind: 'blocked', message: 'signIn.blocked.pinBody' },
  email_not_verified: { kind: 'notice', notice: 'emailNotVerified', message: 'signIn.notice.emailNotVerified' },
  app_error: { kind: 'notice', notice: 'internalError', message: 'signIn.passkey.internalError' },
  bot_check_failed: { kind: 'notice', notice: 'botCheckFailed', message: 'signIn.notice.botCheckFailed' },
} satisfies Record<WebauthnGetReason, PasskeyOutcome>;

const PASSKEY_NOTICE_PRECEDENCE: readonly PasskeyNotice[] = [
  'invalidCredentials',
  'emailNotVerified',
  'botCheckFailed',
  'internalError',
];

type PasskeyEvent = Extract<SignInEvent, { type: `passkey.${string}` }>;

export function onPasskeyStep(state: SignInFormState, event: PasskeyEvent): Transition {
  switch (event.type) {
    case 'passkey.requested':
      if (state.submitting || state.passkeyBusy) return stay(state);
      return go({ ...state, passkeyBusy: true, passkeyNotice: null }, [
        { type: 'passkey.ceremony', userId: state.type === 'rememberedUser' ? state.user.userId : null },
      ]);
    case 'passkey.asserted':
      // An autofill pick while a password or button sign-in is under way is not used.
      if (state.submitting || (state.passkeyBusy && event.source === 'autofill')) return stay(state);
      return go({ ...state, passkeyBusy: true, passkeyNotice: null }, [{ type: 'passkey.verify', body: event.body }]);
    case 'passkey.answered':
      return state.passkeyBusy ? onPasskeyAnswer(state, event.answer) : stay(state);
    case 'passkey.failed': {
      if (!state.passkeyBusy) return stay(state);
      const idle = { ...state, passkeyBusy: false, passkeyRound: state.passkeyRound + 1 };
      if (event.problem === 'credentialsNotAvailable') {
        return go(idle, [{ type: 'snackbar.passkeyNotAvailable', activation: state.type === 'rememberedUser' }]);
      }
      return go({ ...idle, passkeyNotice: event.problem });
    }
    case 'passkey.abandoned':
      return state.passkeyBusy
        ? go({ ...state, passkeyBusy: false, passkeyRound: state.passkeyRound + 1 })
        : stay(state);
    case 'passkey.noticeClosed':
      return go({ ...state, passkeyNotice: null });
    case 'passkey.activateChosen':
      return go({ ...state, activatePasskey: true }, [{ type: 'password.focus' }]);
    case 'passkey.conditionalReady':
      return state.type === 'loginForm' && !state.deviceOffer ? go({ ...state, deviceOffer: true }) : stay(state);
    case 'passkey.conditionalUnavailable':
      return state.type === 'loginForm' && state.deviceOffer ? go({ ...state, deviceOffer: false }) : stay(state);
    default:
      return event satisfies never;
  }
}

/** POST /api/webauthn/get answered. */
function onPasskeyAnswer(state: SignInFormState, answer: WebauthnSignInAnswer): Transition {
  // Still busy: the page is leaving, nothing else may start.
  if (answer.status === 'ok') return go(state, afterSignIn());
  const outcomes = outcomesOf<WebauthnGetReason, PasskeyOutcome>(PASSKEY_OUTCOMES, answer.reasons);
  const email = formEmail(state, answer.email);
  if (answer.status === 'failed' && outcomes.some((outcome) => outcome.kind === 'disabled')) {
    return go({ type: 'disabled', users: state.users, email });
  }
  if (answer.status === 'failed' && outcomes.some((outcome) => outcome.kind === 'blocked')) {
    return go({ type: 'blocked', users: state.users, email, back: originOf(state) });
  }
  const notice = PASSKEY_NOTICE_PRECEDENCE.find((n) =>
    outcomes.some((outcome) => outcome.kind === 'notice' && outcome.notice === n),
  );
  return go({ ...state, passkeyBusy: false, passkeyRound: state.passkeyRound + 1, passkeyNotice: notice ?? 'failed' });
}
