import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { login, reauthenticate, register, resetPassword } from '@gatehouse/contract';
import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import { createMailer, decorateMailer } from './mail/create-mailer.ts';
import { devMailboxRoutes } from './mail/dev-mailbox.routes.ts';
import { Outbox, OUTBOX_DEFAULTS, type OutboxOptions } from './outbox/outbox.ts';
import { OutboxRepository } from './outbox/outbox.repository.ts';
// Plugins: what every module relies on (docs/decisions/0165-server-module-form.md).
import { loggerOptions, OneLinePerRequest, type LogStream } from './plugins/logging.ts';
import {
  DEFAULT_HASHER_LIMITS,
  PasswordHasher,
  type Argon2Params,
  type HasherLimits,
  ARGON2_PARAMS,
} from './plugins/password-hasher.ts';
import { redirectPolicy } from './plugins/safe-redirect.ts';
import { answerUnroutable, errorHandlerPlugin } from './plugins/error-handler.plugin.ts';
import { bodyEncodingPlugin } from './plugins/body-encoding.plugin.ts';
import { apiSecurityHeaders, securityHeaders, securityPlugin } from './plugins/security.plugin.ts';
import { sessionPlugin } from './plugins/session.plugin.ts';
import { hashAdmissionPlugin } from './plugins/hash-admission.plugin.ts';
import { botCheckPlugin } from './plugins/bot-check.plugin.ts';
// Modules: each one `<name>.module.ts`, registered the same way.
import type { ModuleContext } from './modules/module-context.ts';
import { createSessionStore, sessionModule } from './modules/session/session.module.ts';
import { createBotCheckVerifier, botCheckModule } from './modules/bot-check/bot-check.module.ts';
import { throttleModule } from './modules/throttle/throttle.module.ts';
import { deviceModule } from './modules/device/device.module.ts';
import { serverInfoModule } from './modules/server-info/server-info.module.ts';
import { userModule } from './modules/user/user.module.ts';
import { webauthnModule } from './modules/webauthn/webauthn.module.ts';
import { accountSecurityModule } from './modules/account-security/account-security.module.ts';
import { secureAccountModule } from './modules/secure-account/secure-account.module.ts';
import { recoveryModule } from './modules/recovery/recovery.module.ts';
import { healthModule } from './modules/health/health.module.ts';
import { webModule } from './modules/web/web.module.ts';
import type { ReadinessOptions } from './modules/health/health.service.ts';

/** The calls that hash a password (argon2id): login, a password from a reset or registration link, the password again. */
export const HASHING_CALLS = [login, resetPassword, register, reauthenticate] as const;

/** Auth calls are small JSON documents: 16 KiB at most (docs/security.md, Every request). */
export const BODY_LIMIT_BYTES = 16 * 1024;

export interface AppDeps {
  /** The clock for every expiry (milliseconds since the epoch); tests move it. */
  now?: () => number;
  /** The open, migrated database; whoever opened it closes it (start.ts, or the test). */
  db: Db;
  logStream?: LogStream;
  hasherLimits?: HasherLimits;
  argon2Params?: Argon2Params;
  /** The hasher itself (then hasherLimits and argon2Params are its own); tests hold its places. */
  hasher?: PasswordHasher;
  /** Outbox timings; `runInBackground: false` leaves jobs for `app.outbox.idle()` or another process (tests). */
  outbox?: Partial<OutboxOptions> & { runInBackground?: boolean };
  /** How /readyz bounds and reuses its database check (tests shorten them). */
  readiness?: Partial<ReadinessOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work done after answering (the forgot-password mail); tests await `idle()`. */
    outbox: Outbox;
  }
}

/** Registers plugins, then modules. Never listens: server.ts does, tests inject. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? Date.now;
  const { db } = deps;

  // A request Fastify cannot even route (a malformed URL: `/%`, a broken escape) is answered before
  // any hook, so without the security plugin's headers: it gets the API answer's set here; a page's
  // address goes to sign-in, anything else is refused without a word of the URL (answerUnroutable).
  const badRequestHeaders = apiSecurityHeaders(securityHeaders(config));
  const redirects = redirectPolicy(config);
  const app = Fastify({
    frameworkErrors: (error, request, reply) => {
      answerUnroutable(error, request, (reply as FastifyReply).headers(badRequestHeaders), redirects);
    },
    logger: loggerOptions(config.logLevel, deps.logStream),
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    // The address every throttle counts: the socket's, or the client's as told by a proxy on TRUST_PROXY
    // (X-Forwarded-For from anyone else is ignored; docs/decisions/0161-trusted-proxies.md).
    trustProxy: config.trustedProxies.length > 0 ? [...config.trustedProxies] : false,
    // Slow clients cannot hold connections (docs/decisions/0160-request-hygiene.md).
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    maxRequestsPerSocket: config.http.maxRequestsPerConnection,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      // Node checks the two time-outs above this often (its default, 30 s, would let them overrun by as much).
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
  });

  // JSON only: drop the text/plain parser so that any other media type answers 415.
  app.removeContentTypeParser('text/plain');

  // The process's shared parts: the hasher, the outbox, the mailer (every module is given them).
  const hasher =
    deps.hasher ?? new PasswordHasher(deps.hasherLimits ?? DEFAULT_HASHER_LIMITS, deps.argon2Params ?? ARGON2_PARAMS);
  // Its hashing threads stop with the app; a hasher given in deps is its owner's to stop.
  if (!deps.hasher) app.addHook('onClose', async () => hasher.close());
  const { runInBackground = true, ...outboxTimings } = deps.outbox ?? {};
  const outbox = new Outbox(
    new OutboxRepository(db),
    now,
    app.log,
    { ...OUTBOX_DEFAULTS, ...outboxTimings },
    runInBackground,
  );
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  // Before the database closes: the job under way finishes, queued ones stay for the next start.
  app.addHook('preClose', async () => outbox.stop());
  const mail = createMailer(config, now);
  decorateMailer(app, mail);
  const context: ModuleContext = { config, db, now, hasher, mailer: mail.mailer, outbox };

  // 1. Plugins, in the order they act on a request. Each is a Fastify plugin (fastify-plugin: its
  //    hooks and decorators are the root instance's); none imports a module: what one needs of a
  //    module (the session store, the bot check's verifier) is given to it here.
  await app.register(errorHandlerPlugin, { redirects });
  // The security headers first: every answer carries them, a refusal of the next hooks too.
  await app.register(securityPlugin, { config });
  await app.register(bodyEncodingPlugin);
  await app.register(fastifyCookie);
  const sessionStore = createSessionStore(context);
  await app.register(sessionPlugin, { config, store: sessionStore });
  // Before every module: the calls that hash a password are refused at their first hook, unread, while
  // the hasher has no place for them (503 with Retry-After; docs/decisions/0164-hot-paths-and-overload.md).
  await app.register(hashAdmissionPlugin, { hasher, endpoints: HASHING_CALLS });
  // Before every module: the calls marked BC find the bot check when they are registered (docs/decisions/0140-bot-check.md).
  await app.register(botCheckPlugin, { verifier: createBotCheckVerifier(context) });

  // 2. Modules, each `app.register(<name>Module, context)`. A module that others need decorates the
  //    instance with its services, and is registered before them. The one exception: the user
  //    module's sign-in alerts and history are filled in by the secure-account and account-security
  //    modules, registered after it, and reached at call time.
  await app.register(sessionModule, { ...context, store: sessionStore });
  await app.register(botCheckModule, context);
  await app.register(throttleModule, context);
  await app.register(deviceModule, context);
  await app.register(serverInfoModule, context);
  await app.register(userModule, context);
  await app.register(webauthnModule, context);
  await app.register(accountSecurityModule, context);
  await app.register(recoveryModule, context);
  await app.register(secureAccountModule, context);
  await app.register(healthModule, { ...context, readiness: deps.readiness });
  await app.register(devMailboxRoutes, { mailbox: mail.devMailbox });
  // Last: a server-rendered page starts from the other modules' answers (docs/decisions/0117-server-rendered-first-view.md).
  await app.register(webModule, context);
  return app;
}
