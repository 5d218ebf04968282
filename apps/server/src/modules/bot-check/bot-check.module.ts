import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { BotCheckVerifier } from '../../plugins/bot-check.plugin.ts';
import type { ModuleContext } from '../module-context.ts';
import { AltchaVerifier } from './altcha.verifier.ts';
import { BotCheckRepository } from './bot-check.repository.ts';
import { RecaptchaVerifier } from './recaptcha.verifier.ts';
import { botCheckRoutes } from './bot-check.routes.ts';

export interface BotCheckDeps {
  config: Config;
  db: Db;
  now: () => number;
}

/**
 * The configured verifier of the calls marked BC (docs/decisions/0140-bot-check.md), or null.
 * Built before the plugins: app.ts gives it to the bot-check plugin, which comes before every module.
 */
export function createBotCheckVerifier({ config, db, now }: BotCheckDeps): BotCheckVerifier | null {
  const settings = config.botCheck;
  switch (settings.kind) {
    case 'none':
      return null;
    case 'recaptcha':
      return new RecaptchaVerifier(settings, config.webauthn.rpId);
    case 'altcha':
      return new AltchaVerifier(settings, new BotCheckRepository(db), now);
    default:
      settings satisfies never;
      return null;
  }
}

/**
 * The ALTCHA challenge call, only while ALTCHA is on: otherwise the path answers 404 like any
 * unknown one. The verifier is the bot-check plugin's (`app.botCheck`). A plain plugin: it decorates nothing.
 */
export async function botCheckModule(app: FastifyInstance, _context: ModuleContext): Promise<void> {
  const verifier = app.botCheck;
  if (verifier instanceof AltchaVerifier) await app.register(botCheckRoutes, { altcha: verifier });
}
