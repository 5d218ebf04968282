import type { SecureAccountAnswer, StatusAnswer } from '@gatehouse/contract';
import { runNewTokenEffect } from '../../shared/link-request';
import type { NewTokenDeps } from '../../shared/link-request';
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
export async function runSecureAccountEffect(effect: SecureAccountEffect, deps: SecureAccountDeps, send: (event: SecureAccountEvent) => void): Promise<void> {
  switch (effect.type) {
    case 'link.check':
      try {
        send({ type: 'link.answered', answer: await deps.checkLink(effect.token) });
      } catch (error) {
        send({ type: 'link.abandoned' });
        deps.handleGlobalFailure(error);
      }
      return;
    case 'secure.call':
      try {
        send({ type: 'secure.answered', answer: await deps.secureAccount(effect.token) });
      } catch (error) {
        if (deps.isServiceUnavailable(error)) {
          send({ type: 'secure.unavailable' });
        } else {
          send({ type: 'secure.abandoned' });
          deps.handleGlobalFailure(error);
        }
      }
      return;
    case 'navigation.resetPassword':
      deps.goToResetPassword(effect.token);
      return;
    default:
      // The expired screen's reset-link request (shared/link-request).
      return runNewTokenEffect(effect, deps, send);
  }
}
