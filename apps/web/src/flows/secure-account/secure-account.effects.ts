import type { SecureAccountAnswer, StatusAnswer } from '@gatehouse/contract';
import { runNewTokenEffect } from '../../shared/link-request';
import type { NewTokenDeps } from '../../shared/link-request';
import { sendCallOutcome } from '../../shared/machine';
import type { SecureAccountEffect, SecureAccountEvent } from './secure-account.machine';

/** The I/O and navigation the secure-account machine's effects need, injected (the reset-link request's from shared/link-request). */
export interface SecureAccountDeps extends NewTokenDeps {
  /** GET /api/user/secureaccount: is the link live? Changes nothing. */
  checkLink: (token: string) => Promise<StatusAnswer>;
  /** POST /api/user/secureaccount: secures the account. */
  secureAccount: (token: string) => Promise<SecureAccountAnswer>;
  /** The reset-password route with this token. */
  goToResetPassword: (token: string) => void;
}

/** Runs one effect; the events it produces go back through `send`. */
export async function runSecureAccountEffect(
  effect: SecureAccountEffect,
  deps: SecureAccountDeps,
  send: (event: SecureAccountEvent) => void,
): Promise<void> {
  switch (effect.type) {
    case 'link.check':
      return sendCallOutcome(
        () => deps.checkLink(effect.token),
        { answered: (answer) => ({ type: 'link.answered' as const, answer }), abandoned: { type: 'link.abandoned' } },
        deps,
        send,
      );
    case 'secure.call':
      return sendCallOutcome(
        () => deps.secureAccount(effect.token),
        {
          answered: (answer) => ({ type: 'secure.answered' as const, answer }),
          own: [[deps.isServiceUnavailable, { type: 'secure.unavailable' }]],
          abandoned: { type: 'secure.abandoned' },
        },
        deps,
        send,
      );
    case 'navigation.resetPassword':
      deps.goToResetPassword(effect.token);
      return;
    default:
      // The expired screen's reset-link request (shared/link-request).
      return runNewTokenEffect(effect, deps, send);
  }
}
