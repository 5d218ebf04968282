import { z } from 'zod/mini';
import { StatusAnswer, StatusAnswerShape, boundedString } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * "Wasn't you?" (an addition, docs/decisions/0115-wasnt-you-mail.md): the mail sent after a
 * sign-in from a new device or a burst of wrong PINs carries one link to the app's secure-account
 * page. The page checks the link's token first (opening a link changes nothing: mail scanners
 * fetch links), and only the person's button press secures the account.
 */
export const SecureAccountQuery = z.strictObject({ token: z.optional(boundedString(512)) });

export const secureAccountInfo = defineEndpoint({
  id: 'secureAccountInfo',
  method: 'GET',
  path: '/api/user/secureaccount',
  summary: 'Whether a "Wasn\'t you?" link is still valid (an addition); changes nothing.',
  body: undefined,
  query: SecureAccountQuery,
  answer: StatusAnswer,
  reasons: ['wrong_token', 'missing_token', 'app_error', 'bot_check_failed', 'too_many_requests'],
  botCheck: { action: 'secure_account_info', required: true },
  addition: true,
});

export const SecureAccountBody = z.strictObject({ token: boundedString(512) });
export type SecureAccountBody = z.infer<typeof SecureAccountBody>;

/** On success, `resetToken`: the token of a fresh reset link, so the page goes on to choosing a new password. */
export const SecureAccountAnswer = z.object({ ...StatusAnswerShape, resetToken: z.optional(z.string()) });
export type SecureAccountAnswer = z.infer<typeof SecureAccountAnswer>;

export const secureAccount = defineEndpoint({
  id: 'secureAccount',
  method: 'POST',
  path: '/api/user/secureaccount',
  summary:
    'Secure the account with a "Wasn\'t you?" link (an addition): the link is used up, every session ends, every device forgets the account and its trust, and a password reset starts.',
  body: SecureAccountBody,
  query: undefined,
  answer: SecureAccountAnswer,
  reasons: ['wrong_token', 'missing_token', 'app_error', 'bot_check_failed', 'too_many_requests'],
  botCheck: { action: 'secure_account', required: true },
  addition: true,
});
