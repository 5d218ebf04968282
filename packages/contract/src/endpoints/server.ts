import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';

/**
 * The bot-check data of server info. The spec names only a "reCaptcha
 * sub-object"; siteKey and scriptUri are what the app needs to load the
 * script. Both null: the check is off and tokens are empty.
 */
export const ReCaptchaInfo = z.object({
  siteKey: z._default(z.nullable(z.string()), null),
  scriptUri: z._default(z.nullable(z.string()), null),
  /** Links of the bot-check notice. */
  privacyPolicyUrl: z._default(z.nullable(z.string()), null),
  termsUrl: z._default(z.nullable(z.string()), null),
});
export type ReCaptchaInfo = z.infer<typeof ReCaptchaInfo>;

export const ServerInfoAnswer = z.object({
  status: z.string(),
  reCaptcha: z._default(ReCaptchaInfo, { siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null }),
  /** Where a user of an account disabled by an administrator turns to (blocked page). */
  contactUrl: z._default(z.nullable(z.string()), null),
  /**
   * Origins besides the app's own that a `redirect` may lead to (the server's
   * REDIRECT_ALLOWLIST), so that app and server apply the same rule (security.md).
   * Added for the web app; absent means none.
   */
  redirectAllowlist: z._default(z.array(z.string()), []),
});
export type ServerInfoAnswer = z.infer<typeof ServerInfoAnswer>;

export const serverInfo = defineEndpoint({
  id: 'serverInfo',
  method: 'GET',
  path: '/api/server/info',
  summary: 'Server status (ok required) and bot-check data.',
  body: undefined,
  query: undefined,
  answer: ServerInfoAnswer,
  reasons: ['app_error'],
});

export const ServerVersionAnswer = z.object({
  copyright: z.string(),
  version: z.optional(z.string()),
});
export type ServerVersionAnswer = z.infer<typeof ServerVersionAnswer>;

export const serverVersion = defineEndpoint({
  id: 'serverVersion',
  method: 'GET',
  path: '/api/server/version',
  summary: 'Copyright shown in the footer, and the version.',
  body: undefined,
  query: undefined,
  answer: ServerVersionAnswer,
  reasons: [],
});
