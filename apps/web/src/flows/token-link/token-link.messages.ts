import type { MessageId } from '../../shared/i18n';
import { RESET_LINK_VALIDITY } from '../../shared/link-request';
import type { LinkRequestTexts } from '../../shared/link-request';
import type { InfoScreenTexts } from '../../shared/screens';
import { SET_PASSWORD_OUTCOMES } from './set-password-answers';
import type {
  PasswordProblem,
  SetPasswordNotice,
  SetPasswordReason,
  SetPasswordReasonOutcome,
} from './set-password-answers';

/** Field messages of the set-password form, a common and the current password included. */
export const PASSWORD_PROBLEM_MESSAGES = {
  // "The required and weak messages share one text."
  password_required: 'validation.weakPassword',
  weak_password: 'validation.weakPassword',
  common_password: 'validation.commonPassword',
  current_password: 'setPassword.currentPassword',
  password_verification_required: 'validation.confirmNewPassword',
  passwords_do_not_match: 'validation.passwordsDoNotMatch',
} as const satisfies Record<PasswordProblem, MessageId>;

export const SET_PASSWORD_NOTICE_MESSAGES = {
  unavailable: 'setPassword.serviceUnavailable',
  bot_check_failed: 'recovery.botCheckFailed',
} as const satisfies Record<SetPasswordNotice, MessageId>;

/** The kinds of token link, each named by the prefix of its message keys. */
export type TokenLinkKindName = 'reset' | 'registration';

/** A screen that says something and leads on with one button. */
export interface StepTexts {
  texts: InfoScreenTexts;
  action: MessageId;
}

/** What a kind of link's screens say (message ids); the flow's screens are the same for every kind. */
export interface TokenLinkTexts {
  setPassword: { title: MessageId; pageTitle: MessageId; submit: MessageId };
  expired: InfoScreenTexts;
  /** The expired page's main button: ask for a new link. */
  newTokenChoice: MessageId;
  newToken: LinkRequestTexts;
  newTokenSent: InfoScreenTexts;
  /**
   * The link-sent page's sentence on how long the new link works ({minutes}), for a kind whose new link
   * lives as long as server info's `resetLinkMinutes` says; null for an invitation (its own, longer
   * life, which server info does not give).
   */
  newTokenValidity: MessageId | null;
  /** The way back to the sign-in page from the expired and link-sent pages. */
  leave: MessageId;
  /** The first page of a live link, for a kind that has one (steps.first 'welcome'). */
  welcome: StepTexts | null;
  /** The confirmation after the password, for a kind that has one (steps.afterPassword 'passwordChanged'). */
  passwordChanged: StepTexts | null;
}

/** The texts every kind has under its own prefix. */
const prefixed = (p: TokenLinkKindName) =>
  ({
    expired: { title: `${p}.expired.title`, pageTitle: `${p}.pageTitle.expired`, body: `${p}.expired.body` },
    newTokenChoice: `${p}.expired.newToken`,
    newToken: {
      title: `${p}.newToken.title`,
      pageTitle: `${p}.pageTitle.newToken`,
      description: `${p}.newToken.description`,
      email: `${p}.newToken.email`,
      submit: `${p}.newToken.submit`,
    },
    newTokenSent: {
      title: `${p}.newTokenSent.title`,
      pageTitle: `${p}.pageTitle.newTokenSent`,
      body: `${p}.newTokenSent.body`,
    },
  }) as const satisfies Partial<TokenLinkTexts>;

/** A password reset link (POST /api/user/forgotpassword mails it). */
export const RESET_TEXTS: TokenLinkTexts = {
  ...prefixed('reset'),
  setPassword: { title: 'reset.title', pageTitle: 'reset.pageTitle.newPassword', submit: 'reset.submit' },
  newTokenValidity: RESET_LINK_VALIDITY,
  leave: 'reset.expired.signIn',
  welcome: null,
  passwordChanged: {
    texts: { title: 'reset.changed.title', pageTitle: 'reset.pageTitle.changed', body: 'reset.changed.body' },
    action: 'reset.changed.proceed',
  },
};

/** An invitation link: the first password of an account an administrator created. */
export const REGISTRATION_TEXTS: TokenLinkTexts = {
  ...prefixed('registration'),
  setPassword: {
    title: 'registration.setPassword.title',
    pageTitle: 'registration.pageTitle.setPassword',
    submit: 'registration.setPassword.submit',
  },
  newTokenValidity: null,
  leave: 'registration.expired.close',
  welcome: {
    texts: {
      title: 'registration.welcome.title',
      pageTitle: 'registration.pageTitle.welcome',
      body: 'registration.welcome.body',
    },
    action: 'registration.welcome.continue',
  },
  passwordChanged: null,
};

/**
 * Every reason the set-password call of a kind may return (resetPassword or register), and what its
 * screens show for it: a used or unknown link reads as the kind's expired page.
 */
export const setPasswordReasonMessages = (texts: TokenLinkTexts): Record<SetPasswordReason, MessageId> => {
  const messageOf = (outcome: SetPasswordReasonOutcome): MessageId =>
    outcome.kind === 'expired'
      ? texts.expired.body
      : outcome.kind === 'field'
        ? PASSWORD_PROBLEM_MESSAGES[outcome.problem]
        : SET_PASSWORD_NOTICE_MESSAGES[outcome.notice];
  return Object.fromEntries(
    Object.entries(SET_PASSWORD_OUTCOMES).map(([reason, outcome]) => [reason, messageOf(outcome)]),
  ) as Record<SetPasswordReason, MessageId>;
};

/** The link's check on load: any failure is the kind's expired page; app_error the error page. */
export const tokenInfoReasonMessages = (texts: TokenLinkTexts) =>
  ({
    wrong_token: texts.expired.body,
    missing_token: texts.expired.body,
    bot_check_failed: texts.expired.body,
    app_error: 'app.error.internal.message',
  }) satisfies Record<'wrong_token' | 'missing_token' | 'bot_check_failed' | 'app_error', MessageId>;

/** After a registration: remember this device (mark it as trustworthy) or skip. */
export const PAIR_DEVICE_TEXTS = {
  texts: {
    title: 'registration.pairDevice.title',
    pageTitle: 'registration.pageTitle.pairDevice',
    body: 'registration.pairDevice.body',
  },
  pair: 'registration.pairDevice.pair',
  skip: 'registration.pairDevice.skip',
  failed: 'registration.pairDevice.failed',
} as const satisfies { texts: InfoScreenTexts } & Record<'pair' | 'skip' | 'failed', MessageId>;

/** Pairing the device after a registration (POST /api/user/newdevice): every failure is the same notice; skip stays open. */
export const NEW_DEVICE_REASON_MESSAGES = {
  credentials_required: PAIR_DEVICE_TEXTS.failed,
  invalid_parameter: PAIR_DEVICE_TEXTS.failed,
  app_error: PAIR_DEVICE_TEXTS.failed,
} as const satisfies Record<'credentials_required' | 'invalid_parameter' | 'app_error', MessageId>;
