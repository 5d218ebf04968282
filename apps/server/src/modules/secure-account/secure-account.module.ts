import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailContext } from '../../mail/mail-template.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { DeviceService } from '../device/device.service.ts';
import { createTokens } from '../recovery/recovery.module.ts';
import type { SessionService } from '../session/session.service.ts';
import type { ThrottleService } from '../throttle/throttle.service.ts';
import type { AccountService } from '../user/account.service.ts';
import { secureAccountRoutes } from './secure-account.routes.ts';
import { SecureAccountService } from './secure-account.service.ts';
import { WASNT_YOU_JOB, WasntYouService } from './wasnt-you.service.ts';

export interface SecureAccountModuleDeps {
  db: Db;
  config: Config;
  accounts: AccountService;
  throttle: ThrottleService;
  sessions: Pick<SessionService, 'endAllForUser'>;
  devices: Pick<DeviceService, 'forgetAccountEverywhere'>;
  mailer: Mailer;
  outbox: Outbox;
  now: () => number;
}

/** The "Wasn't you?" mail and its link (docs/decisions/0115-wasnt-you-mail.md), before the routes are registered. */
export function createWasntYou(app: FastifyInstance, deps: SecureAccountModuleDeps) {
  const { db, config, now } = deps;
  const tokens = createTokens(db, config, now);
  const alerts = new WasntYouService({
    outbox: deps.outbox,
    accounts: deps.accounts,
    tokens,
    mailer: deps.mailer,
    mailContext: mailContext(config.publicOrigin),
    now,
    secureAccountTtlMs: config.secureAccountTtlMs,
    mailTimeZone: config.mailTimeZone,
    pinMaxAttempts: config.pinMaxAttempts,
    log: app.log,
  });
  deps.outbox.handle(WASNT_YOU_JOB, (payload) => alerts.deliver(payload));
  const secureAccounts = new SecureAccountService({ tokens, accounts: deps.accounts, sessions: deps.sessions, devices: deps.devices, throttle: deps.throttle });
  return {
    alerts,
    register: () => app.register(secureAccountRoutes, { secureAccounts }),
  };
}
