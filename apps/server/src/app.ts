import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { APP_PAGES, PIN_STEP_COOKIE, appPageOf, toCurrentUser } from '@gatehouse/contract';
import fastifyCookie from '@fastify/cookie';
import type { LogStream } from './plugins/logging.ts';
import type { Config } from './config/config.ts';
import type { Db } from './db/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.plugin.ts';
import { loggerOptions, OneLinePerRequest } from './plugins/logging.ts';
import { DEFAULT_HASHER_LIMITS, PasswordHasher, type Argon2Params, type HasherLimits, ARGON2_PARAMS } from './plugins/password-hasher.ts';
import { securityPlugin } from './plugins/security.plugin.ts';
import { bodyEncodingPlugin } from './plugins/body-encoding.plugin.ts';
import { hashAdmissionPlugin } from './plugins/hash-admission.plugin.ts';
import { login, reauthenticate, register, resetPassword } from '@gatehouse/contract';
import { redirectPolicy } from './plugins/safe-redirect.ts';
import { SessionAccess } from './plugins/session.plugin.ts';
import { deviceRoutes } from './modules/device/device.routes.ts';
import { DeviceRepository } from './modules/device/device.repository.ts';
import { DeviceService } from './modules/device/device.service.ts';
import { serverInfoAnswer, serverInfoRoutes, serverVersionAnswer } from './modules/server-info/server-info.routes.ts';
import { registerBotCheck } from './modules/bot-check/bot-check.module.ts';
import { SessionRepository } from './modules/session/session.repository.ts';
import { SessionService, sessionLifetimes } from './modules/session/session.service.ts';
import { ThrottleRepository } from './modules/throttle/throttle.repository.ts';
import { ThrottleService } from './modules/throttle/throttle.service.ts';
import { LoginService } from './modules/user/login.service.ts';
import { PinCodeRepository } from './modules/user/pin-code.repository.ts';
import { PinCodeService } from './modules/user/pin-code.service.ts';
import { SecondFactorService } from './modules/user/second-factor.service.ts';
import { SignInService } from './modules/user/sign-in.service.ts';
import { UserRepository } from './modules/user/user.repository.ts';
import { userInfoAnswer, userRoutes } from './modules/user/user.routes.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { passkeyLikely, type PageStart } from './modules/web/page-renderer.ts';
import { challengeCookie, registerWebauthn } from './modules/webauthn/webauthn.module.ts';
import { registerRecovery } from './modules/recovery/recovery.module.ts';
import { createWasntYou } from './modules/secure-account/secure-account.module.ts';
import { registerAccountSecurity } from './modules/account-security/account-security.module.ts';
import { SignInHistoryRepository } from './modules/account-security/sign-in-history.repository.ts';
import { SignInHistoryService } from './modules/account-security/sign-in-history.service.ts';
import { CredentialRepository } from './modules/webauthn/credential.repository.ts';
import { CredentialService } from './modules/webauthn/credential.service.ts';
import { AccountService } from './modules/user/account.service.ts';
import { createMailer, decorateMailer } from './mail/create-mailer.ts';
import { mailContext } from './mail/mail-template.ts';
import { devMailboxRoutes } from './mail/dev-mailbox.routes.ts';
import { Outbox, OUTBOX_DEFAULTS, type OutboxOptions } from './outbox/outbox.ts';
import { OutboxRepository } from './outbox/outbox.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { Readiness, READINESS_DEFAULTS, type ReadinessOptions } from './modules/health/readiness.ts';

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
    /** What /readyz answers. */
    readiness: Readiness;
  }
}

/** Registers plugins, then modules. Never listens: server.ts does, tests inject. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? Date.now;
  const { db } = deps;

  const app = Fastify({
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

  const redirects = redirectPolicy(config);
  await errorHandlerPlugin(app, { redirects });
  await bodyEncodingPlugin(app);
  await securityPlugin(app, { config });
  await app.register(fastifyCookie);

  const hasher = deps.hasher ?? new PasswordHasher(deps.hasherLimits ?? DEFAULT_HASHER_LIMITS, deps.argon2Params ?? ARGON2_PARAMS);
  const sessionService = new SessionService(new SessionRepository(db), now, sessionLifetimes(config));
  const sessions = new SessionAccess(sessionService, config);
  const users = new UserRepository(db);
  const throttle = new ThrottleService(new ThrottleRepository(db), now);
  const loginService = new LoginService(users, hasher, throttle, now);
  const { runInBackground = true, ...outboxTimings } = deps.outbox ?? {};
  const outbox = new Outbox(new OutboxRepository(db), now, app.log, { ...OUTBOX_DEFAULTS, ...outboxTimings }, runInBackground);
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  // Before the database closes: the job under way finishes, queued ones stay for the next start.
  app.addHook('preClose', async () => outbox.stop());
  const mail = createMailer(config, now);
  decorateMailer(app, mail);
  const devices = new DeviceService(new DeviceRepository(db), now, config);
  const pinCodes = new PinCodeRepository(db);
  const accounts = new AccountService(users, hasher, now, sessionService, throttle);
  // The "Wasn't you?" mail after a new device's sign-in or a burst of wrong PINs, and its link (0115).
  const wasntYou = createWasntYou(app, { db, config, accounts, throttle, sessions: sessionService, devices, mailer: mail.mailer, outbox, now });
  /** The account's latest sign-ins, for its "Sign-in and security" page (docs/decisions/0114-security-page.md). */
  const signInHistory = new SignInHistoryService(new SignInHistoryRepository(db), now);
  /** Completes every sign-in (PIN, trusted device, skip, passkey, registration) and records it. */
  const signIn = new SignInService(sessions, devices, pinCodes, signInHistory, wasntYou.alerts);
  const pins = new PinCodeService(pinCodes, users, mail.mailer, mailContext(config.publicOrigin), now, {
    silentAttempts: config.pinSilentAttempts,
    maxAttempts: config.pinMaxAttempts,
  });
  const secondFactor = new SecondFactorService(db, sessions, devices, pins, signIn, users, wasntYou.alerts);

  // Before every module: the calls that hash a password are refused at their first hook, unread, while
  // the hasher has no place for them (503 with Retry-After; docs/decisions/0164-hot-paths-and-overload.md).
  hashAdmissionPlugin(app, { hasher, endpoints: HASHING_CALLS });
  // Before every module: the calls marked BC find the bot check when they are registered (docs/decisions/0140-bot-check.md).
  registerBotCheck(app, { config, db, now });
  await app.register(serverInfoRoutes, { config });
  await app.register(userRoutes, { sessions, loginService, users, secondFactor, devices });
  await app.register(deviceRoutes, { devices });
  // A passkey completes the whole sign-in through the one place that does it (no PIN).
  const webauthn = await registerWebauthn(app, {
    db,
    config,
    sessions,
    users,
    throttle,
    now,
    completeSignIn: (request, reply, userId, shared) => signIn.complete(request, reply, userId, 'passkey', shared),
  });
  // Forgot/reset password, token info and registration (docs/decisions/0130-recovery-tokens.md).
  const recovery = await registerRecovery(app, {
    db,
    config,
    accounts,
    hasher,
    throttle,
    sessions: sessionService,
    devices,
    mailer: mail.mailer,
    completeSignIn: (request, reply, userId) => signIn.complete(request, reply, userId, 'registration'),
    now,
    outbox,
  });
  await wasntYou.register();
  // The signed-in account's passkeys, trusted devices, sessions and latest sign-ins.
  await registerAccountSecurity(app, {
    sessionService,
    sessions,
    devices,
    history: signInHistory,
    users,
    hasher,
    throttle,
    passkeys: new CredentialService(new CredentialRepository(db)),
    passkeyCeremonies: webauthn.passkeys,
    challengeCookie: challengeCookie(config),
    now,
  });
  const readiness = new Readiness(db, app.log, { ...READINESS_DEFAULTS, ...deps.readiness });
  app.decorate('readiness', readiness);
  await app.register(healthRoutes, { readiness });
  await app.register(devMailboxRoutes, { mailbox: mail.devMailbox });
  // A server-rendered page starts from what the start-up calls would answer (docs/decisions/0117-server-rendered-first-view.md).
  const answerUserInfo = userInfoAnswer({ sessions, users });
  /** The reset and registration pages' link check (what token info answers), read once from the query as the app reads it. */
  const linkCheckFor = async (request: FastifyRequest): Promise<PageStart['linkCheck']> => {
    // With a bot check, the check needs the browser's token: the app makes it.
    if (config.botCheck.kind !== 'none') return null;
    const url = new URL(request.url, 'http://localhost');
    const page = appPageOf(url.pathname);
    if (page !== APP_PAGES.resetPassword && page !== APP_PAGES.acceptInvitation) return null;
    const token = url.searchParams.get('token');
    // No token: the app knows without asking.
    if (token === null || token.trim() === '') return null;
    const problem = await recovery.tokenProblem(token);
    return { token, answer: problem ? { status: 'failed', reasons: [problem] } : { status: 'ok' } };
  };
  const pageStart = async (request: FastifyRequest): Promise<PageStart> => {
    const info = await answerUserInfo(request);
    const user = toCurrentUser(info);
    if (user === null) throw new Error('user info is not valid');
    return {
      data: {
        user,
        serverInfo: serverInfoAnswer(config),
        serverVersion: serverVersionAnswer(config),
        deviceUsers: await devices.rememberedAccounts(request),
      },
      signIn: {
        // Only while a tab of this browser shows the PIN step (the app's cookie) and the session still waits for the PIN.
        pinStep: !user.authenticated && request.cookies[PIN_STEP_COOKIE] === '1' ? await secondFactor.pendingStep(request) : null,
        passkeyLikely: passkeyLikely(request.headers['user-agent']),
      },
      linkCheck: await linkCheckFor(request),
    };
  };
  await app.register(webRoutes, { webDist: config.webDist, redirects, pageStart });
  return app;
}
