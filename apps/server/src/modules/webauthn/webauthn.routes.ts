import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  webauthnCreate,
  webauthnCreateOptions,
  webauthnGet,
  webauthnGetOptions,
  webauthnOffer,
  webauthnOfferSave,
  WEBAUTHN_NOT_FOUND,
} from '@gatehouse/contract';
import type { HostCookie } from '../../plugins/host-cookie.ts';
import type { WebauthnConfig } from '../../config/config.ts';
import { apiRoute } from '../../plugins/api-route.ts';
import { HttpProblem, retryAfterHeader } from '../../plugins/http-problem.ts';
import type { Sessions } from '../session/session.module.ts';
import type { OfferService } from './offer.service.ts';
import type { PasskeySignInOutcome, PasskeyService, PasskeyUser, PasskeyUserLookup } from './passkey.service.ts';
import { isBinding, newBinding } from './signed-challenge.ts';

/** Completes a sign-in: session rotation to signed_in and whatever else a sign-in brings. */
/** `shared`: a shared-computer sign-in (docs/decisions/0116-shared-computer.md). */
export type CompleteSignIn = (
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  shared: boolean,
) => Promise<unknown>;

/** The cookie that binds sign-in challenges to the browser that asked for them. */
export type ChallengeCookie = HostCookie;

export interface WebauthnRoutesOptions {
  /** Binds sign-in challenges to the browser (docs/decisions/0163-passkey-sign-in-challenges.md). */
  challengeCookie: ChallengeCookie;
  sessions: Sessions;
  passkeys: PasskeyService;
  offers: OfferService;
  users: PasskeyUserLookup;
  config: WebauthnConfig;
  completeSignIn: CompleteSignIn;
  now: () => number;
}

/**
 * A passkey is registered only soon after a password or passkey was proven in the session: the
 * offer comes right after a sign-in, and a session's cookie found later (a browser left open, a
 * stolen cookie) must not add a credential that outlives the password (docs/decisions/0120-passkeys.md).
 * Longer than the security page's re-authentication window: the PIN step keeps the password's
 * time, and the mail can take minutes.
 */
export const PASSKEY_REGISTRATION_WINDOW_MS = 15 * 60_000;

const failed = (...reasons: Array<'credentials_required' | 'invalid_credentials' | 'app_error'>) => ({
  status: 'failed',
  reasons,
});

/** Fail closed: an internal fault answers app_error and never signs anyone in or registers anything. */
function appError(request: FastifyRequest, error: unknown, what: string) {
  if (error instanceof HttpProblem) throw error;
  request.log.error({ err: error }, `${what} failed with an internal error`);
  return failed('app_error');
}

export async function webauthnRoutes(app: FastifyInstance, options: WebauthnRoutesOptions): Promise<void> {
  const { sessions, passkeys, offers, users, config, completeSignIn, challengeCookie, now } = options;

  /** The signed-in, still enabled account of this request, or undefined. */
  async function signedInUser(request: FastifyRequest): Promise<
    | {
        sessionIdHash: string;
        user: PasskeyUser;
        /** A passkey may be added in this session now: not a shared computer's, and proven recently. */
        mayRegister: boolean;
      }
    | undefined
  > {
    const session = await sessions.current(request);
    if (session?.level !== 'signed_in' || !session.userId) return undefined;
    const user = await users.findById(session.userId);
    if (!user || user.disabled_at !== null) return undefined;
    // No passkey on a shared or public computer (docs/decisions/0116-shared-computer.md).
    const mayRegister =
      !session.shared &&
      session.authenticatedAt !== null &&
      now() - session.authenticatedAt < PASSKEY_REGISTRATION_WINDOW_MS;
    return { sessionIdHash: session.idHash, user, mayRegister };
  }

  apiRoute(app, webauthnCreateOptions, async ({ request }) => {
    try {
      const signedIn = await signedInUser(request);
      if (!signedIn?.mayRegister) return failed('credentials_required');
      return { status: 'ok', createStructure: await passkeys.creationOptions(signedIn.sessionIdHash, signedIn.user) };
    } catch (error) {
      return appError(request, error, 'passkey creation options');
    }
  });

  apiRoute(app, webauthnCreate, async ({ body, request }) => {
    try {
      const signedIn = await signedInUser(request);
      if (!signedIn?.mayRegister) {
        if (signedIn) request.log.info('passkey registration refused: shared computer or no recent proof');
        return failed('credentials_required');
      }
      const outcome = await passkeys.register(signedIn.sessionIdHash, signedIn.user.id, body);
      if (outcome.kind === 'refused') {
        request.log.info({ cause: outcome.cause }, 'passkey registration refused');
        return failed('invalid_credentials');
      }
      request.log.info('passkey registered');
      return { status: 'ok' };
    } catch (error) {
      return appError(request, error, 'passkey registration');
    }
  });

  apiRoute(app, webauthnGetOptions, async ({ query, request, reply }) => {
    try {
      const allowed = await passkeys.allowedCredentials(query.userId);
      if (allowed === null) return { status: WEBAUTHN_NOT_FOUND };
      // No row, no session: the challenge is signed for this browser's cookie (kept when it has one,
      // so that the autofill and the button can each hold a challenge).
      const existing = request.cookies[challengeCookie.name];
      const binding = isBinding(existing) ? existing : newBinding();
      const getStructure = await passkeys.requestOptions(binding, query.userId ?? null, allowed);
      reply.setCookie(challengeCookie.name, binding, challengeCookie.options);
      return { status: 'ok', getStructure, timeout: config.conditionalTimeoutS };
    } catch (error) {
      return appError(request, error, 'passkey sign-in options');
    }
  });

  apiRoute(app, webauthnGet, async ({ body, request, reply }) => {
    let outcome: PasskeySignInOutcome;
    try {
      const binding = request.cookies[challengeCookie.name];
      const { sharedComputer, ...assertion } = body;
      outcome = await passkeys.signIn({
        binding: isBinding(binding) ? binding : null,
        body: assertion,
        clientAddress: request.ip,
      });
      if (outcome.kind === 'ok') {
        // A passkey with user verification is a strong factor on its own: the whole sign-in completes (no PIN).
        await completeSignIn(request, reply, outcome.user.id, sharedComputer === true);
        request.log.info('passkey sign-in');
        return { status: 'ok', email: outcome.user.email };
      }
    } catch (error) {
      return appError(request, error, 'passkey sign-in');
    }
    if (outcome.kind === 'throttled') {
      reply.code(429).headers(retryAfterHeader(outcome.retryAfterMs));
      return { status: 'failed', reasons: ['too_many_requests'] };
    }
    if (outcome.kind === 'refused') {
      request.log.info({ cause: outcome.cause }, 'passkey sign-in refused');
      return failed('invalid_credentials');
    }
    return { status: 'failed', reasons: outcome.reasons, ...(outcome.email ? { email: outcome.email } : {}) };
  });

  apiRoute(app, webauthnOffer, async ({ query, request }) => {
    try {
      // Taking the offer uses it up: a page of another site (a link, a form) cannot (docs/security.md).
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') return { offerWebauthnRegistration: false };
      const signedIn = await signedInUser(request);
      const userId = signedIn?.user.id;
      if (!userId || (query.userId !== undefined && query.userId !== userId))
        return { offerWebauthnRegistration: false };
      // Offered only where a passkey could be added now: never on a shared or public computer.
      if (!signedIn.mayRegister) return { offerWebauthnRegistration: false };
      return { offerWebauthnRegistration: await offers.takeOffer(userId), userId };
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      // The user is signed in already: a fault here only means no offer this time.
      request.log.error({ err: error }, 'passkey offer check failed with an internal error');
      return { offerWebauthnRegistration: false };
    }
  });

  apiRoute(app, webauthnOfferSave, async ({ body, request }) => {
    try {
      const signedIn = await signedInUser(request);
      if (!signedIn || (body.userId !== undefined && body.userId !== signedIn.user.id))
        return failed('credentials_required');
      await offers.save(signedIn.user.id, body.offerWebauthnRegistration);
      return { status: 'ok' };
    } catch (error) {
      return appError(request, error, 'saving the passkey offer');
    }
  });
}
