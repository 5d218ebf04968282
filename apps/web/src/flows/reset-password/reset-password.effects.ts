import type { DeviceUser, ForgotPasswordBody, SetPasswordBody, StatusAnswer } from '@gatehouse/contract';
import { runTokenLinkEffect } from '../../shared/forms';
import type { ResetPasswordEffect, ResetPasswordEvent } from './reset-password.machine';

/** The I/O and navigation the reset-password machine's effects need, injected. */
export interface ResetPasswordDeps {
  tokenInfo: (token: string) => Promise<StatusAnswer>;
  resetPassword: (body: SetPasswordBody) => Promise<StatusAnswer>;
  forgotPassword: (body: ForgotPasswordBody) => Promise<StatusAnswer>;
  /** GET /api/device/userlist: the accounts remembered on this device. */
  deviceUserList: () => Promise<readonly DeviceUser[]>;
  /** Hands the refreshed list to the app (the sign-in route shows it). */
  onDeviceUsers: (users: readonly DeviceUser[]) => void;
  /** True when a failure gets the form's own "temporarily unavailable" notice. */
  isServiceUnavailable: (error: unknown) => boolean;
  handleGlobalFailure: (error: unknown) => void;
  clearEmail: () => void;
  goToSignIn: () => void;
}

/** Runs one effect; the events it produces go back through `send`. */
export async function runResetPasswordEffect(
  effect: ResetPasswordEffect,
  deps: ResetPasswordDeps,
  send: (event: ResetPasswordEvent) => void,
): Promise<void> {
  switch (effect.type) {
    case 'token.check':
    case 'password.call':
    case 'newToken.call':
    case 'email.clear':
    case 'navigation.signIn':
      return runTokenLinkEffect(effect, { ...deps, setPassword: deps.resetPassword }, send);
    case 'deviceList.refresh':
      try {
        deps.onDeviceUsers(await deps.deviceUserList());
      } catch {
        // The password is changed; a list that cannot be refreshed now is
        // read again when the sign-in page next loads.
      }
      return;
    default:
      return effect satisfies never;
  }
}
