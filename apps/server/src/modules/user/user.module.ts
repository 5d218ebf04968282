import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailContext } from '../../mail/mail-template.ts';
import type { ModuleContext } from '../module-context.ts';
import { AccountService } from './account.service.ts';
import { LoginService } from './login.service.ts';
import { PinCodeRepository } from './pin-code.repository.ts';
import { PinCodeService } from './pin-code.service.ts';
import { SecondFactorService, type WrongPinAlerts } from './second-factor.service.ts';
import { SignInService, type NewDeviceAlerts, type SignInRecorder } from './sign-in.service.ts';
import { UserRepository } from './user.repository.ts';
import { browserVisits, type VisitOf } from './browser-visit.ts';
import { userInfoAnswer, userRoutes } from './user.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: create, find, disable, block (also the operator CLI's). */
    accounts: AccountService;
    /** An account by id, for the modules that check the signed-in account (passkeys, security page). */
    userLookup: Pick<UserRepository, 'findById'>;
    /** Completes every sign-in (PIN, trusted device, skip, passkey, registration) and records it. */
    signIn: SignInService;
    /** A sign-in step's view of a request and its reply (the routes' side: browser-visit.ts). */
    visitOf: VisitOf;
    /** The step after a correct password (the PIN); the web module asks it for a page's PIN step. */
    secondFactor: SecondFactorService;
    /** What `GET /api/user/info` answers for a request; a server-rendered page starts from it. */
    userInfo: ReturnType<typeof userInfoAnswer>;
    /**
     * Told about a sign-in from a new device and about wrong PINs: filled in by the secure-account
     * module (the "Wasn't you?" mail, docs/decisions/0115-wasnt-you-mail.md), registered after this one.
     */
    signInAlerts: NewDeviceAlerts & WrongPinAlerts;
    /** Where completed sign-ins are recorded: filled in by the account-security module, registered after this one. */
    signInRecorder: SignInRecorder;
  }
}

/**
 * Login, the PIN step, sign-in completion, sign-out and user info (/api/user/*). Needs the
 * session plugin and the throttle and device modules before it. The sign-in's alerts and history
 * belong to modules that need this one's services, so they are registered after it: they fill in
 * `signInAlerts` and `signInRecorder`, which this module reaches at call time, never while it is
 * registered (docs/decisions/0165-server-module-form.md).
 */
export const userModule = fp(
  async function user(app: FastifyInstance, { db, config, now, hasher, mailer }: ModuleContext): Promise<void> {
    const { sessions, sessionStore, throttle, devices, deviceCookie } = app;
    const users = new UserRepository(db);
    const pinCodes = new PinCodeRepository(db);
    const accounts = new AccountService(users, hasher, now, sessionStore, throttle);
    const loginService = new LoginService(users, hasher, throttle, now);
    const history: SignInRecorder = {
      record: (userId, method, details) => app.signInRecorder.record(userId, method, details),
    };
    const alerts: NewDeviceAlerts & WrongPinAlerts = {
      newDeviceSignIn: (userId, userAgent) => app.signInAlerts.newDeviceSignIn(userId, userAgent),
      wrongPin: (userId, failures, userAgent) => app.signInAlerts.wrongPin(userId, failures, userAgent),
    };
    const signIn = new SignInService(devices, pinCodes, history, alerts);
    const pins = new PinCodeService(pinCodes, users, mailer, mailContext(config.publicOrigin), now, {
      silentAttempts: config.pinSilentAttempts,
      maxAttempts: config.pinMaxAttempts,
    });
    const secondFactor = new SecondFactorService(devices, pins, signIn, users, alerts);
    app.decorate('accounts', accounts);
    app.decorate('userLookup', users);
    app.decorate('signIn', signIn);
    const visitOf = browserVisits(sessions, deviceCookie);
    app.decorate('visitOf', visitOf);
    app.decorate('secondFactor', secondFactor);
    const answerUserInfo = userInfoAnswer({ sessions, users });
    app.decorate('userInfo', answerUserInfo);
    await app.register(userRoutes, {
      sessions,
      loginService,
      secondFactor,
      devices,
      deviceCookie,
      visitOf,
      answerUserInfo,
    });
    // The modules that fill in the sign-in's alerts and history are registered after this one: a
    // server without them refuses to start, rather than failing the first sign-in.
    app.addHook('onReady', async () => {
      for (const hook of ['signInAlerts', 'signInRecorder'] as const) {
        if (!app.hasDecorator(hook))
          throw new Error(`the user module needs \`${hook}\`: register the module that provides it`);
      }
    });
  },
  {
    name: 'user-module',
    fastify: '5.x',
    dependencies: ['session', 'session-module', 'throttle-module', 'device-module'],
  },
);
