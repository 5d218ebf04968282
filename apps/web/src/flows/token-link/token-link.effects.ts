import type { DeviceUser, SetPasswordBody, StatusAnswer } from '@gatehouse/contract';
import { runNewTokenEffect } from '../../shared/link-request';
import { sendCallOutcome } from '../../shared/machine';
import type { NewTokenDeps } from '../../shared/link-request';
import type { TokenLinkEffect, TokenLinkEvent } from './token-link.machine';

/** The I/O and navigation the token-link machine's effects need, injected (the request-new-link form's included). */
export interface TokenLinkDeps extends NewTokenDeps {
  tokenInfo: (token: string) => Promise<StatusAnswer>;
  /** The kind's call: POST /api/user/resetpassword or /api/user/register. */
  setPassword: (body: SetPasswordBody) => Promise<StatusAnswer>;
  /** After a reset — GET /api/device/userlist: the accounts remembered on this device. */
  deviceUserList: () => Promise<readonly DeviceUser[]>;
  /** Hands the refreshed list to the app (the sign-in route shows it). */
  onDeviceUsers: (users: readonly DeviceUser[]) => void;
  /** After a registration — POST /api/user/newdevice with this device's name. */
  pairDevice: () => Promise<StatusAnswer>;
  /** After a registration: passkeys supported and GET /api/webauthn/offer says offer (never throws). */
  shouldOfferPasskey: () => Promise<boolean>;
  /** The safe redirect. */
  redirect: () => void;
}

/** Runs one effect; the events it produces go back through `send`. */
export async function runTokenLinkEffect(
  effect: TokenLinkEffect,
  deps: TokenLinkDeps,
  send: (event: TokenLinkEvent) => void,
): Promise<void> {
  switch (effect.type) {
    case 'token.check':
      return sendCallOutcome(
        () => deps.tokenInfo(effect.token),
        { answered: (answer) => ({ type: 'token.answered' as const, answer }), abandoned: { type: 'token.abandoned' } },
        deps,
        send,
      );
    case 'password.call':
      return sendCallOutcome(
        () => deps.setPassword({ token: effect.token, password: effect.password, password2: effect.password2 }),
        {
          answered: (answer) => ({ type: 'password.answered' as const, answer }),
          own: [[deps.isServiceUnavailable, { type: 'password.unavailable' }]],
          abandoned: { type: 'password.abandoned' },
        },
        deps,
        send,
      );
    case 'newToken.call':
    case 'email.clear':
    case 'navigation.signIn':
      return runNewTokenEffect(effect, deps, send);
    case 'deviceList.refresh':
      try {
        deps.onDeviceUsers(await deps.deviceUserList());
      } catch {
        // The password is changed; a list that cannot be refreshed now is
        // read again when the sign-in page next loads.
      }
      return;
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
