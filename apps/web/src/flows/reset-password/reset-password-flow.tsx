import { useMemo, useRef, useState } from 'react';
import type { DeviceUser } from '@gatehouse/contract';
import { deviceUserList, forgotPassword, resetPassword, tokenInfo } from '@gatehouse/contract';
import { isServiceUnavailable, reloadPage, useGlobalFailureHandler } from '../../shared/api';
import { call } from '../../shared/api/call';
import { LinkRequestScreen, LoadingScreen, answerFor } from '../../shared/forms';
import type { LinkCheck, NewTokenFormHandle } from '../../shared/forms';
import { useT } from '../../shared/i18n';
import type { ResetPasswordDeps } from './reset-password.effects';
import { ExpiredLinkScreen } from './screens/expired-link-screen';
import { NewLinkSentScreen } from './screens/new-link-sent-screen';
import { PasswordChangedScreen } from './screens/password-changed-screen';
import { SetNewPasswordScreen } from './screens/set-new-password-screen';
import { useResetPasswordMachine } from './use-reset-password-machine';

export interface ResetPasswordFlowProps {
  /** The page's query string; `token` is read from it once. */
  search: string;
  /** The link's check, made by the server for the page it rendered. */
  tokenCheck?: LinkCheck | null;
  /** Goes to the sign-in route. */
  goToSignIn: () => void;
  /** Receives the device user list refreshed after the password changed. */
  onDeviceUsers: (users: readonly DeviceUser[]) => void;
}

/** The reset-password route (docs/flows/recovery.md): one screen per state of the machine. */
export function ResetPasswordFlow({ search, tokenCheck, goToSignIn, onDeviceUsers }: ResetPasswordFlowProps) {
  const t = useT();
  // Read once with URLSearchParams (one decode).
  const [token] = useState(() => new URLSearchParams(search).get('token'));
  const newTokenForm = useRef<NewTokenFormHandle>(null);
  const handleGlobalFailure = useGlobalFailureHandler({ reload: reloadPage });

  const deps = useMemo<ResetPasswordDeps>(
    () => ({
      tokenInfo: (value) => call(tokenInfo, { query: { token: value } }),
      resetPassword: (body) => call(resetPassword, { body }),
      forgotPassword: (body) => call(forgotPassword, { body }),
      deviceUserList: async () => (await call(deviceUserList)).users,
      onDeviceUsers,
      isServiceUnavailable,
      handleGlobalFailure,
      clearEmail: () => newTokenForm.current?.clearEmail(),
      goToSignIn,
    }),
    [onDeviceUsers, handleGlobalFailure, goToSignIn],
  );
  const { state, send } = useResetPasswordMachine(token, deps, answerFor(tokenCheck, token));

  const signIn = () => send({ type: 'signIn.chosen' });

  switch (state.type) {
    case 'checkingToken':
      return <LoadingScreen label={t('recovery.checkingLink')} />;
    case 'setPassword':
      return (
        <SetNewPasswordScreen
          submitting={state.submitting}
          notice={state.notice}
          fieldErrors={state.fieldErrors}
          failures={state.failures}
          onSubmit={(values) => send({ type: 'password.submitted', ...values })}
        />
      );
    case 'expired':
      return <ExpiredLinkScreen onNewToken={() => send({ type: 'newToken.chosen' })} onSignIn={signIn} />;
    case 'requestNewToken':
      return (
        <LinkRequestScreen
          kind="reset"
          handle={newTokenForm}
          submitting={state.submitting}
          notice={state.notice}
          emailError={state.emailError}
          failures={state.failures}
          onSubmit={(email) => send({ type: 'newToken.submitted', email })}
          onCancel={signIn}
        />
      );
    case 'newTokenSent':
      return <NewLinkSentScreen onSignIn={signIn} />;
    case 'passwordChanged':
      return <PasswordChangedScreen onProceed={signIn} />;
    default:
      return state satisfies never;
  }
}
