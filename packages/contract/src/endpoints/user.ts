import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { StatusAnswer, UserId, boundedString } from '../common.ts';
import { PASSWORD_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../rules.ts';
import { LOCALES } from '../locales.ts';
import {
  FORGOT_PASSWORD_REASONS,
  LOGIN_REASONS,
  PIN_ATTEMPTS_REASONS,
  PIN_SKIP_REASONS,
  PIN_SUBMIT_REASONS,
  SET_PASSWORD_REASONS,
} from '../reason-codes.ts';

export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

/** The user object of the current-user answer. */
export const UserInfoUser = z.object({
  id: UserId,
  email: z.string(),
  firstName: z.string(),
  surname: z.string(),
});

/**
 * Current user info as the server sends it. "Info is valid only if status is
 * ok and guest and language are present": the fields stay optional here and
 * toCurrentUser() decides validity.
 */
export const UserInfoAnswer = z.object({
  status: z.string(),
  guest: z.optional(z.boolean()),
  language: z.optional(z.string()),
  user: z.optional(z.nullable(UserInfoUser)),
});
export type UserInfoAnswer = z.infer<typeof UserInfoAnswer>;

/** The mapped form the app uses. */
export interface CurrentUser {
  authenticated: boolean;
  language: string;
  id: string | null;
  email: string | null;
  firstName: string | null;
  surname: string | null;
}

/** Maps the answer; null when the info is not valid. */
export function toCurrentUser(answer: UserInfoAnswer): CurrentUser | null {
  if (answer.status !== 'ok' || answer.guest === undefined || answer.language === undefined) return null;
  return {
    authenticated: !answer.guest,
    language: answer.language,
    id: answer.user?.id ?? null,
    email: answer.user?.email ?? null,
    firstName: answer.user?.firstName ?? null,
    surname: answer.user?.surname ?? null,
  };
}

export const userInfo = defineEndpoint({
  id: 'userInfo',
  method: 'GET',
  path: '/api/user/info',
  summary: 'Current user info: guest flag, status, language and the signed-in user.',
  body: undefined,
  query: undefined,
  answer: UserInfoAnswer,
  reasons: ['app_error'],
});

export const LOGIN_STATUSES = [
  'ok',
  'requested_pin_code',
  'pin_code_recheck_required',
  'pin_code_recheck_mandatory',
  'failed',
] as const;
export const LoginStatus = z.enum(LOGIN_STATUSES);
export type LoginStatus = z.infer<typeof LoginStatus>;

export const LoginBody = z.strictObject({
  username: boundedString(EMAIL_MAX_LENGTH * 2),
  password: boundedString(PASSWORD_MAX_LENGTH * 4),
  /** An addition: "this is a shared or public computer" (docs/decisions/0116-shared-computer.md). */
  sharedComputer: z.optional(z.boolean()),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginAnswer = z.extend(StatusAnswer, {
  status: z.string(),
  email: z.optional(z.string()),
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const login = defineEndpoint({
  id: 'login',
  method: 'POST',
  path: '/api/user/login',
  summary: 'Sign in with e-mail and password.',
  body: LoginBody,
  query: undefined,
  answer: LoginAnswer,
  reasons: LOGIN_REASONS,
  botCheck: { action: 'login', required: true },
});

export const logout = defineEndpoint({
  id: 'logout',
  method: 'POST',
  path: '/api/user/logout',
  summary: 'Sign out (an addition: the default page needs it).',
  body: undefined,
  query: undefined,
  answer: StatusAnswer,
  reasons: ['app_error'],
  addition: true,
});

/** PIN attempts info: attempts left in all, and those left before the count is shown. */
export const PinAttemptsAnswer = z.object({
  status: z.string(),
  reasons: z.optional(z.array(z.string())),
  pin_code_remaining_attempts: z.int(),
  pin_code_remaining_silent_attempts: z.int(),
});
export type PinAttemptsAnswer = z.infer<typeof PinAttemptsAnswer>;

/** The notice shows only when silent attempts are used up and some remain. */
export function showsRemainingAttempts(
  info: Pick<PinAttemptsAnswer, 'pin_code_remaining_attempts' | 'pin_code_remaining_silent_attempts'>,
): boolean {
  return info.pin_code_remaining_silent_attempts <= 0 && info.pin_code_remaining_attempts > 0;
}

export const pinAttempts = defineEndpoint({
  id: 'pinAttempts',
  method: 'GET',
  path: '/api/user/pincode',
  summary: 'Remaining PIN attempts for the sign-in under way.',
  body: undefined,
  query: undefined,
  answer: PinAttemptsAnswer,
  reasons: PIN_ATTEMPTS_REASONS,
});

export const PinBody = z.strictObject({ pin_code: boundedString(64) });
export type PinBody = z.infer<typeof PinBody>;

export const pinSubmit = defineEndpoint({
  id: 'pinSubmit',
  method: 'POST',
  path: '/api/user/pincode',
  summary: 'Submit the PIN sent by mail.',
  body: PinBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: PIN_SUBMIT_REASONS,
});

export const pinSkip = defineEndpoint({
  id: 'pinSkip',
  method: 'POST',
  path: '/api/user/pincode/skip',
  summary: 'Skip an optional periodic PIN recheck once.',
  body: undefined,
  query: undefined,
  answer: StatusAnswer,
  reasons: PIN_SKIP_REASONS,
});

export const NewDeviceBody = z.strictObject({ device_name: boundedString(200) });
export type NewDeviceBody = z.infer<typeof NewDeviceBody>;

export const newDevice = defineEndpoint({
  id: 'newDevice',
  method: 'POST',
  path: '/api/user/newdevice',
  summary: 'Remember this device for the signed-in user (skip the PIN until the recheck period).',
  body: NewDeviceBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: ['credentials_required', 'invalid_parameter', 'app_error'],
});

export const ForgotPasswordBody = z.strictObject({ email: boundedString(EMAIL_MAX_LENGTH * 2) });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const forgotPassword = defineEndpoint({
  id: 'forgotPassword',
  method: 'POST',
  path: '/api/user/forgotpassword',
  summary: 'Send a reset (or fresh invitation) link; same answer for every e-mail.',
  body: ForgotPasswordBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: FORGOT_PASSWORD_REASONS,
  botCheck: { action: 'forgot_password', required: true },
});

export const SetPasswordBody = z.strictObject({
  token: boundedString(512),
  password: boundedString(PASSWORD_MAX_LENGTH * 4),
  password2: boundedString(PASSWORD_MAX_LENGTH * 4),
});
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

export const resetPassword = defineEndpoint({
  id: 'resetPassword',
  method: 'POST',
  path: '/api/user/resetpassword',
  summary: 'Set a new password with a reset token.',
  body: SetPasswordBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: SET_PASSWORD_REASONS,
  botCheck: { action: 'reset_password', required: true },
});

export const register = defineEndpoint({
  id: 'register',
  method: 'POST',
  path: '/api/user/register',
  summary: 'Finish registration: set the first password with an invitation token.',
  body: SetPasswordBody,
  query: undefined,
  answer: StatusAnswer,
  reasons: SET_PASSWORD_REASONS,
  botCheck: { action: 'register', required: true },
});

export const TokenInfoQuery = z.strictObject({ token: z.optional(boundedString(512)) });

/**
 * A live link's check also names the account's e-mail (an addition; the provider's back end may
 * leave it out): the new-password page says which account it is for, and gives it to the browser's
 * password manager as the username. The link was mailed to that address, so its holder learns
 * nothing they could not read in the mail.
 */
export const TokenInfoAnswer = z.extend(StatusAnswer, {
  email: z.optional(boundedString(EMAIL_MAX_LENGTH)),
});
export type TokenInfoAnswer = z.infer<typeof TokenInfoAnswer>;

export const tokenInfo = defineEndpoint({
  id: 'tokenInfo',
  method: 'GET',
  path: '/api/token/info',
  summary: 'Whether a reset or invitation token is still valid.',
  body: undefined,
  query: TokenInfoQuery,
  answer: TokenInfoAnswer,
  reasons: ['wrong_token', 'missing_token', 'app_error', 'bot_check_failed'],
  botCheck: { action: 'token_info', required: true },
});
