import type { FastifyInstance } from 'fastify';
import { altchaChallenge } from '@gatehouse/contract';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import { apiRoute } from '../../plugins/api-route.ts';
import { botCheckPlugin, type BotCheckVerifier } from '../../plugins/bot-check.plugin.ts';
import { AltchaVerifier } from './altcha.verifier.ts';
import { BotCheckRepository } from './bot-check.repository.ts';
import { RecaptchaVerifier } from './recaptcha.verifier.ts';

export interface BotCheckDeps {
  config: Config;
  db: Db;
  now: () => number;
}

/**
 * The bot check of the calls marked BC (docs/decisions/0140-bot-check.md).
 * Registered on the root instance before every module, so that apiRoute finds it.
 */
export function registerBotCheck(app: FastifyInstance, { config, db, now }: BotCheckDeps): void {
  const settings = config.botCheck;
  let verifier: BotCheckVerifier | null = null;
  switch (settings.kind) {
    case 'none':
      break;
    case 'recaptcha':
      verifier = new RecaptchaVerifier(settings, config.webauthn.rpId);
      break;
    case 'altcha': {
      const altcha = new AltchaVerifier(settings, new BotCheckRepository(db), now);
      verifier = altcha;
      // Only while ALTCHA is on: otherwise the path answers 404 like any unknown one.
      apiRoute(app, altchaChallenge, async () => altcha.challenge());
      break;
    }
    default:
      settings satisfies never;
  }
  botCheckPlugin(app, verifier);
}
