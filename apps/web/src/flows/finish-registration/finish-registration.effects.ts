import type { ForgotPasswordBody, SetPasswordBody, StatusAnswer } from '@gatehouse/contract';
import { runTokenLinkEffect } from '../../shared/forms';
import type { FinishRegistrationEffect, FinishRegistrationEvent } from './finish-registration.machine';

/** The I/O and navigation the finish-registration machine's effects need, injected. */
export interface FinishRegistrationDeps {
  tokenInfo: (token: string) => Promise<StatusAnswer>;
  register: (body: SetPasswordBody) => Promise<StatusAnswer>;
  /** The new-token request: the server mails a fresh invitation. */
  forgotPassword: (body: ForgotPasswordBody) => Promise<StatusAnswer>;
  /** POST /api/user/newdevice with this device's name. */
  pairDevice: () => Promise<StatusAnswer>;
  isServiceUnavailable: (error: unknown) => boolean;
  handleGlobalFailure: (error: unknown) => void;
  clearEmail: () => void;
  goToSignIn: () => void;
  /** After a registration: passkeys supported and GET /api/webauthn/offer says offer (never throws). */
  shouldOfferPasskey: () => Promise<boolean>;
  /** The safe redirect. */
  redirect: () => void;
}

/** Runs one effect; the events it produces go back through `send`. */
export async function runFinishRegistrationEffect(
  effect: FinishRegistrationEffect,
  deps: FinishRegistrationDeps,
  send: (event: FinishRegistrationEvent) => void,
): Promise<void> {
  switch (effect.type) {
    case 'token.check':
    case 'password.call':
    case 'newToken.call':
    case 'email.clear':
    case 'navigation.signIn':
      return runTokenLinkEffect(effect, { ...deps, setPassword: deps.register }, send);
    case 'device.pair':
      try {
        const answer = await deps.pairDevice();
        send({ type: answer.status === 'ok' ? 'device.paired' : 'device.pairFailed' });
      } catch {
        // Registered and signed in already: a reload or the error page would
        // only lose that. The page says pairing failed; skip stays open.
        send({ type: 'device.pairFailed' });
      }
      return;
    case 'registration.finish':
      send({ type: 'passkeyOffer.checked', offer: await deps.shouldOfferPasskey() });
      return;
    case 'navigation.redirect':
      deps.redirect();
      return;
    default:
      return effect satisfies never;
  }
}
