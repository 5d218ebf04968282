import type { ForgotPasswordBody, SecureAccountAnswer, StatusAnswer } from '@gatehouse/contract';
import type { SecureAccountEffect, SecureAccountEvent } from './secure-account.machine';

/** The I/O and navigation the secure-account machine's effects need, injected. */
export interface SecureAccountDeps {
  /** GET /api/user/secureaccount: is the link live? Changes nothing. */
  checkLink: (token: string) => Promise<StatusAnswer>;
  /** POST /api/user/secureaccount: secures the account. */
  secureAccount: (token: string) => Promise<SecureAccountAnswer>;
  /** The reset-link request of the expired screen (POST /api/user/forgotpassword). */
  forgotPassword: (body: ForgotPasswordBody) => Promise<StatusAnswer>;
  /** True when a failure gets the page's own "temporarily unavailable" notice. */
  isServiceUnavailable: (error: unknown) => boolean;
  handleGlobalFailure: (error: unknown) => void;
  clearEmail: () => void;
  goToSignIn: () => void;
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
    case 'newToken.call':
      try {
        send({ type: 'newToken.answered', answer: await deps.forgotPassword({ email: effect.email }) });
      } catch (error) {
        if (deps.isServiceUnavailable(error)) {
          send({ type: 'newToken.unavailable' });
        } else {
          send({ type: 'newToken.abandoned' });
          deps.handleGlobalFailure(error);
        }
      }
      return;
    case 'email.clear':
      deps.clearEmail();
      return;
    case 'navigation.signIn':
      deps.goToSignIn();
      return;
    case 'navigation.resetPassword':
      deps.goToResetPassword(effect.token);
      return;
    default:
      return effect satisfies never;
  }
}
