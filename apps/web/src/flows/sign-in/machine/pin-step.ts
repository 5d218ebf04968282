/**
 * The PIN step: entering it (after a password, or a reload that resumes it), the attempts, the
 * submit and the skip of an optional recheck. One reason → outcome table per call: the remaining
 * attempts, the submit and the skip (docs/flows/sign-in.md, Reasons and outcomes).
 */
import type { DeviceUser, PinAttemptsReason, PinSkipReason, PinSubmitReason, StatusAnswer } from '@gatehouse/contract';
import type { MessageId } from '../../../shared/i18n';
import { afterSignIn, firstOutcome, go, outcomesOf, signInView, stay } from './common';
import type {
  LoginNotice,
  PinProblem,
  PinState,
  PinStep,
  PinVariant,
  SignInEffect,
  SignInEvent,
  SignInOrigin,
  Transition,
} from './types';

/** The generic notice the sign-in form shows when the PIN step has ended on the server. */
const SIGNED_OUT_MESSAGE: MessageId = 'signIn.notice.generic';

/** What one reason of the PIN calls does; `message` is what the person then reads. */
export type PinOutcome =
  /** The PIN step is over on the server: back to sign-in, with `notice` there (the e-mail kept). */
  | { kind: 'signedOut'; notice: LoginNotice; message: MessageId }
  /** Attempts used up: the blocked page. */
  | { kind: 'blocked'; message: MessageId }
  /** The field's message; the form stays. */
  | { kind: 'problem'; problem: PinProblem; message: MessageId }
  /** Handled like a reason not known: back to sign-in, with the generic notice. */
  | { kind: 'unexpected'; message: MessageId };

/**
 * Every reason of the PIN submit and its outcome. When an answer has several, the first of
 * PIN_SUBMIT_PRECEDENCE wins; a wrong or missing code comes before a required one.
 */
export const PIN_SUBMIT_OUTCOMES = {
  pin_code_required: { kind: 'problem', problem: 'required', message: 'validation.enterCode' },
  // The code is no longer there (its ten minutes passed; no attempt was spent): nothing typed here
  // can work, so the step ends and the sign-in form says how to get a new code
  // (docs/decisions/0181-expired-pin-code.md).
  missing_pin_code: { kind: 'signedOut', notice: 'code_expired', message: 'signIn.notice.codeExpired' },
  wrong_pin_code: { kind: 'problem', problem: 'invalid', message: 'signIn.pin.invalid' },
  credentials_required: { kind: 'signedOut', notice: 'credentials_required', message: SIGNED_OUT_MESSAGE },
  blocked: { kind: 'blocked', message: 'signIn.blocked.pinBody' },
  app_error: { kind: 'unexpected', message: SIGNED_OUT_MESSAGE },
} satisfies Record<PinSubmitReason, PinOutcome>;

const PIN_SUBMIT_PRECEDENCE: readonly ((outcome: PinOutcome) => boolean)[] = [
  (outcome) => outcome.kind === 'signedOut',
  (outcome) => outcome.kind === 'blocked',
  (outcome) => outcome.kind === 'problem' && outcome.problem === 'invalid',
  (outcome) => outcome.kind === 'problem' && outcome.problem === 'required',
];

/** GET /api/user/pincode: only the end of the step on the server changes the view; else the count stays unshown. */
export const PIN_ATTEMPTS_OUTCOMES = {
  credentials_required: { kind: 'signedOut', message: SIGNED_OUT_MESSAGE },
  app_error: { kind: 'unchanged' },
} satisfies Record<PinAttemptsReason, { kind: 'signedOut'; message: MessageId } | { kind: 'unchanged' }>;

/** The skip of an optional recheck: any failure ends the step. */
export const PIN_SKIP_OUTCOMES = {
  credentials_required: { kind: 'signedOut', message: SIGNED_OUT_MESSAGE },
  app_error: { kind: 'signedOut', message: SIGNED_OUT_MESSAGE },
} satisfies Record<PinSkipReason, { kind: 'signedOut'; message: MessageId }>;

export function pinVariantOf(status: string): PinVariant | null {
  switch (status) {
    case 'requested_pin_code':
      return 'signIn';
    case 'pin_code_recheck_required':
      return 'recheckOptional';
    case 'pin_code_recheck_mandatory':
      return 'recheckMandatory';
    default:
      return null;
  }
}

/** Enters the PIN form: keeps the step in session storage, reads the attempts, offers the skip on an optional recheck. */
export function enterPin(
  users: readonly DeviceUser[],
  step: PinStep,
  back: SignInOrigin,
  activatePasskey = false,
): Transition {
  const state: PinState = {
    type: 'pin',
    users,
    ...step,
    back,
    attempts: null,
    submitting: false,
    rememberDevice: false,
    problem: null,
    failures: 0,
    activatePasskey,
  };
  const effects: SignInEffect[] = [{ type: 'pinStep.save', step }, { type: 'pin.readAttempts' }];
  if (step.variant === 'recheckOptional') effects.push({ type: 'snackbar.recheckSkipShow' });
  return go(state, effects);
}

/** Leaves the PIN step: nothing of it stays in storage, and its skip offer goes. */
const LEAVE_PIN: SignInEffect[] = [{ type: 'pinStep.clear' }, { type: 'snackbar.recheckSkipHide' }];

export function onPinStep(state: PinState, event: SignInEvent): Transition {
  const backToSignIn = (notice: LoginNotice | null) =>
    go(signInView(state.users, state.back, { email: state.email, notice }), LEAVE_PIN);
  switch (event.type) {
    case 'pin.attemptsRead': {
      const answer = event.answer;
      if (answer.status === 'ok') {
        return go({
          ...state,
          attempts: {
            remaining: answer.pin_code_remaining_attempts,
            silentRemaining: answer.pin_code_remaining_silent_attempts,
          },
        });
      }
      // The PIN step is over on the server (expired, or a reload after it ended).
      const outcomes = outcomesOf(PIN_ATTEMPTS_OUTCOMES, answer.reasons);
      return outcomes.some((outcome) => outcome.kind === 'signedOut')
        ? backToSignIn('credentials_required')
        : stay(state);
    }
    case 'pin.submitted':
      if (state.submitting) return stay(state);
      // The checkbox is offered only on the first PIN, never on a recheck.
      return go({ ...state, submitting: true, rememberDevice: event.rememberDevice && state.variant === 'signIn' }, [
        { type: 'pin.call', pin: event.pin },
      ]);
    case 'pin.answered':
      return state.submitting ? onPinAnswer(state, event.answer, backToSignIn) : stay(state);
    case 'pin.abandoned':
      return go({ ...state, submitting: false });
    case 'pin.cancelled':
      // The way back from the step: the form the person came from, the e-mail in place to correct
      // (docs/decisions/0182-back-from-the-pin-step.md). Not while a code is being checked.
      return state.submitting ? stay(state) : backToSignIn(null);
    case 'pin.skipRequested':
      if (state.variant !== 'recheckOptional' || state.submitting) return stay(state);
      return go({ ...state, submitting: true }, [{ type: 'pin.skip' }]);
    case 'pin.skipAnswered':
      if (!state.submitting) return stay(state);
      // Every reason of the skip (PIN_SKIP_OUTCOMES), and none, ends the step.
      return event.answer.status === 'ok'
        ? go(state, [...LEAVE_PIN, ...afterSignIn(state.activatePasskey)])
        : backToSignIn('credentials_required');
    default:
      return stay(state);
  }
}

function onPinAnswer(
  state: PinState,
  answer: StatusAnswer,
  backToSignIn: (notice: LoginNotice | null) => Transition,
): Transition {
  if (answer.status === 'ok') {
    // Register the device if asked, refresh user info, then the after-sign-in step.
    const device: SignInEffect[] = state.rememberDevice ? [{ type: 'device.register' }, { type: 'user.refresh' }] : [];
    return go(state, [...LEAVE_PIN, ...device, ...afterSignIn(state.activatePasskey)]);
  }
  if (answer.status !== 'failed') return backToSignIn('credentials_required');
  const outcomes = outcomesOf<PinSubmitReason, PinOutcome>(PIN_SUBMIT_OUTCOMES, answer.reasons);
  const first = firstOutcome(outcomes, PIN_SUBMIT_PRECEDENCE);
  switch (first?.kind) {
    case 'blocked':
      return go({ type: 'blocked', users: state.users, email: state.email, back: state.back }, LEAVE_PIN);
    case 'problem':
      // A failed PIN updates the remaining attempts.
      return go(
        { ...state, submitting: false, failures: state.failures + 1, problem: first.problem },
        first.problem === 'invalid' ? [{ type: 'pin.readAttempts' }] : [],
      );
    case 'signedOut':
      return backToSignIn(first.notice);
    case 'unexpected':
    case undefined:
      return backToSignIn('credentials_required');
    default:
      return first satisfies never;
  }
}
