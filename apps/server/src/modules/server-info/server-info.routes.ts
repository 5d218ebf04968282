import type { FastifyInstance } from 'fastify';
import {
  altchaChallenge,
  serverInfo,
  serverVersion,
  type AnswerOf,
  type BotCheckInfo,
  type ReCaptchaInfo,
} from '@gatehouse/contract';
import { resetLinkMinutes, type BotCheckConfig, type Config } from '../../config/config.ts';
import { constantApiRoute } from '../../plugins/api-route.ts';

/** What `GET /api/server/info` answers (the configuration's only): also in every server-rendered page. */
export function serverInfoAnswer(config: Config): AnswerOf<typeof serverInfo> {
  return {
    status: 'ok',
    // Public values only: the secret and the HMAC key never leave the server.
    reCaptcha: reCaptchaInfo(config.botCheck),
    botCheck: botCheckInfo(config.botCheck),
    contactUrl: config.contactUrl,
    resetLinkMinutes: resetLinkMinutes(config),
    // The app checks `redirect` against the same origins as the server (docs/security.md, Redirects).
    redirectAllowlist: [...config.redirectAllowlist],
  };
}

export function serverVersionAnswer(config: Config): AnswerOf<typeof serverVersion> {
  return { copyright: config.copyright, version: config.version };
}

/** Both answers depend on the configuration only: serialized once, at start (docs/decisions/0164-hot-paths-and-overload.md). */
export async function serverInfoRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  constantApiRoute(app, serverInfo, serverInfoAnswer(config));
  constantApiRoute(app, serverVersion, serverVersionAnswer(config));
}

/** What the app needs to load reCAPTCHA; all null unless it is the bot check in use (then tokens are empty). */
export function reCaptchaInfo(botCheck: BotCheckConfig): ReCaptchaInfo {
  if (botCheck.kind !== 'recaptcha') return { siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null };
  return {
    siteKey: botCheck.siteKey,
    scriptUri: botCheck.scriptUri,
    privacyPolicyUrl: botCheck.privacyPolicyUrl,
    termsUrl: botCheck.termsUrl,
  };
}

export function botCheckInfo(botCheck: BotCheckConfig): BotCheckInfo {
  return botCheck.kind === 'altcha' ? { kind: 'altcha', challengeUrl: altchaChallenge.path } : { kind: botCheck.kind };
}
