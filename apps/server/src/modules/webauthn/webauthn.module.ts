import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../module-context.ts';
import { ChallengeRepository } from './challenge.repository.ts';
import { ChallengeService } from './challenge.service.ts';
import { ServerKeys } from '../../db/server-keys.ts';
import { CHALLENGE_KEY_NAME, SignedChallenges } from './signed-challenge.ts';
import { CredentialRepository } from './credential.repository.ts';
import { hostCookie } from '../../plugins/host-cookie.ts';
import { CredentialService } from './credential.service.ts';
import { OfferRepository } from './offer.repository.ts';
import { OfferService } from './offer.service.ts';
import { PasskeyService } from './passkey.service.ts';
import { webauthnRoutes, type ChallengeCookie, type CompleteSignIn } from './webauthn.routes.ts';

/** The cookie that binds sign-in challenges to the browser that asked for them (`__Host-` over https). */
export function challengeCookie(config: Pick<Config, 'insecureLoopback' | 'webauthn'>): ChallengeCookie {
  return hostCookie(config, 'gh_passkey', { sameSite: 'strict', maxAgeMs: config.webauthn.challengeTtlMs });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The passkey ceremonies; the security page proves a passkey again with them (docs/decisions/0114-security-page.md). */
    passkeys: PasskeyService;
    /** The account's own passkeys: listed, renamed and removed on the security page. */
    passkeyCredentials: CredentialService;
  }
}

/**
 * Passkeys (docs/decisions/0120-passkeys.md): builds the passkey services on the shared database and
 * registers /api/webauthn/*. A passkey completes the whole sign-in through the user module's
 * `signIn` (no PIN).
 */
export const webauthnModule = fp(
  async function webauthn(app: FastifyInstance, { db, config, now }: ModuleContext): Promise<void> {
    const { sessions, userLookup: users, throttle, signIn, visitOf } = app;
    const credentials = new CredentialRepository(db);
    const challenges = new ChallengeService(new ChallengeRepository(db), now, config.webauthn.challengeTtlMs);
    const keys = new ServerKeys(db, now);
    const signInChallenges = new SignedChallenges(
      db,
      () => keys.get(CHALLENGE_KEY_NAME),
      now,
      config.webauthn.challengeTtlMs,
    );
    const passkeys = new PasskeyService(
      credentials,
      challenges,
      signInChallenges,
      users,
      throttle,
      config.webauthn,
      now,
    );
    const offers = new OfferService(new OfferRepository(db), credentials, now);
    const completeSignIn: CompleteSignIn = (request, reply, userId, shared) =>
      signIn.complete(visitOf(request, reply), userId, 'passkey', shared);
    app.decorate('passkeys', passkeys);
    app.decorate('passkeyCredentials', new CredentialService(credentials));
    await app.register(webauthnRoutes, {
      sessions,
      passkeys,
      offers,
      users,
      config: config.webauthn,
      completeSignIn,
      challengeCookie: challengeCookie(config),
      now,
    });
  },
  { name: 'webauthn-module', fastify: '5.x', dependencies: ['session', 'throttle-module', 'user-module'] },
);
