import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';

/**
 * The bot-check data of server info. The provider's API names only a "reCaptcha
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

/** Which bot check is on (an addition to server info; absent from older servers: none). */
export const BOT_CHECK_KINDS = ['none', 'recaptcha', 'altcha'] as const;
export type BotCheckKind = (typeof BOT_CHECK_KINDS)[number];

export const BotCheckInfo = z.object({
  kind: z.enum(BOT_CHECK_KINDS),
  /** ALTCHA only: where the app fetches a fresh proof-of-work challenge. */
  challengeUrl: z.optional(z.string()),
});
export type BotCheckInfo = z.infer<typeof BotCheckInfo>;

export const ServerInfoAnswer = z.object({
  status: z.string(),
  reCaptcha: z._default(ReCaptchaInfo, { siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null }),
  /** Where a user of an account disabled by an administrator turns to (blocked page). */
  contactUrl: z._default(z.nullable(z.string()), null),
  /**
   * Origins besides the app's own that a `redirect` may lead to (the server's
   * REDIRECT_ALLOWLIST), so that app and server apply the same rule (docs/security.md, Redirects).
   * Added for the web app; absent means none.
   */
  redirectAllowlist: z._default(z.array(z.string()), []),
  /** The bot check in use (docs/decisions/0140-bot-check.md). Added for the web app; absent means none. */
  botCheck: z._default(BotCheckInfo, { kind: 'none' }),
  /**
   * How long a reset-password link works, in minutes (the server's RESET_TOKEN_TTL_MINUTES), for the
   * "link sent" page. Added for the web app; absent (another back end): the page names no duration.
   */
  resetLinkMinutes: z._default(z.nullable(z.number()), null),
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

/**
 * A signed ALTCHA proof-of-work challenge (altcha-lib v2). The parameters are
 * kept whole (loose object): the signature covers every one of them.
 */
export const AltchaChallengeAnswer = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string(),
});
export type AltchaChallengeAnswer = z.infer<typeof AltchaChallengeAnswer>;

export const altchaChallenge = defineEndpoint({
  id: 'altchaChallenge',
  method: 'GET',
  path: '/api/botcheck/altcha',
  summary:
    'A fresh signed ALTCHA challenge (only while BOT_CHECK=altcha; 404 otherwise). Its solution goes in the bot-check header.',
  body: undefined,
  query: undefined,
  answer: AltchaChallengeAnswer,
  reasons: [],
  addition: true,
});
