import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { SessionAccess } from '../../plugins/session.plugin.ts';
import type { ThrottleService } from '../throttle/throttle.service.ts';
import { ChallengeRepository } from './challenge.repository.ts';
import { ChallengeService } from './challenge.service.ts';
import { ServerKeys } from '../../db/server-keys.ts';
import { CHALLENGE_KEY_NAME, SignedChallenges } from './signed-challenge.ts';
import { CredentialRepository } from './credential.repository.ts';
import { OfferRepository } from './offer.repository.ts';
import { OfferService } from './offer.service.ts';
import { PasskeyService, type PasskeyUserLookup } from './passkey.service.ts';
import { webauthnRoutes, type ChallengeCookie, type CompleteSignIn } from './webauthn.routes.ts';

export interface WebauthnModuleDeps {
  db: Db;
  config: Config;
  sessions: SessionAccess;
  users: PasskeyUserLookup;
  throttle: ThrottleService;
  now: () => number;
  /** The one place that completes a sign-in; by default the session is rotated to signed_in. */
  completeSignIn?: CompleteSignIn;
}

/** The cookie that binds sign-in challenges to the browser that asked for them (`__Host-` over https). */
export function challengeCookie(config: Pick<Config, 'insecureLoopback' | 'webauthn'>): ChallengeCookie {
  return {
    name: config.insecureLoopback ? 'gh_passkey' : '__Host-gh_passkey',
    options: { path: '/', httpOnly: true, sameSite: 'strict', secure: !config.insecureLoopback, maxAge: Math.ceil(config.webauthn.challengeTtlMs / 1000) },
  };
}

/** Builds the passkey services on the shared database and registers /api/webauthn/*. */
export async function registerWebauthn(app: FastifyInstance, deps: WebauthnModuleDeps): Promise<{ passkeys: PasskeyService }> {
  const { db, config, sessions, users, throttle, now } = deps;
  const credentials = new CredentialRepository(db);
  const challenges = new ChallengeService(new ChallengeRepository(db), now, config.webauthn.challengeTtlMs);
  const keys = new ServerKeys(db, now);
  const signInChallenges = new SignedChallenges(db, () => keys.get(CHALLENGE_KEY_NAME), now, config.webauthn.challengeTtlMs);
  const passkeys = new PasskeyService(credentials, challenges, signInChallenges, users, throttle, config.webauthn, now);
  const offers = new OfferService(new OfferRepository(db), credentials, now);
  const completeSignIn: CompleteSignIn =
    deps.completeSignIn ?? ((request, reply, userId, shared) => sessions.rotate(request, reply, userId, 'signed_in', shared));
  await app.register(webauthnRoutes, { sessions, passkeys, offers, users, config: config.webauthn, completeSignIn, challengeCookie: challengeCookie(config) });
  // The security page proves a passkey again with the same ceremony (docs/decisions/0114-security-page.md).
  return { passkeys };
}
