import { useEffect, useMemo, useRef } from 'react';
import type { DeviceUser } from '@gatehouse/contract';
import { login } from '@gatehouse/contract';
import { call, isApiFailure, reloadPage, useGlobalFailureHandler, useServerError } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { LoadingIndicator, useSnackbar } from '../../shared/ui';
import { LoginScreen } from './screens/login-screen';
import type { LoginFormHandle } from './screens/login-screen';
import { clearGoCache } from './sign-in.effects';
import type { SignInDeps } from './sign-in.effects';
import { useSignInMachine } from './use-sign-in-machine';

export const PIN_MAIL_FAILED_SNACKBAR_ID = 'pin-mail-failed';

export interface SignInFlowProps {
  rememberedUsers: readonly DeviceUser[];
  /** Goes to the safe redirect target (computed once by the caller). */
  redirect: () => void;
}

/** One screen per state of the sign-in machine. */
export function SignInFlow({ rememberedUsers, redirect }: SignInFlowProps) {
  const t = useT();
  const form = useRef<LoginFormHandle>(null);
  const { show } = useSnackbar();
  const { enterServerError } = useServerError();
  const handleGlobalFailure = useGlobalFailureHandler({ reload: reloadPage });

  const deps = useMemo<SignInDeps>(
    () => ({
      clearCache: clearGoCache,
      login: (body) => call(login, { body, botToken: '' }),
      isNoAnswer: (error) => isApiFailure(error) && error.kind === 'network',
      handleGlobalFailure,
      enterServerError,
      redirect,
      resetField: (field) => form.current?.resetField(field),
      focusField: (field) => form.current?.focusField(field),
      showPinMailFailed: () =>
        show({ id: PIN_MAIL_FAILED_SNACKBAR_ID, severity: 'error', message: t('signIn.snackbar.pinMailFailed') }),
    }),
    [handleGlobalFailure, enterServerError, redirect, show, t],
  );
  const { state, send } = useSignInMachine(deps);

  useEffect(() => {
    send({ type: 'flow.started', rememberedUsers });
  }, [send, rememberedUsers]);

  switch (state.type) {
    case 'unspecified':
      return <LoadingIndicator label={t('app.loading')} size={32} />;
    case 'loginForm':
      return (
        <LoginScreen
          handle={form}
          submitting={state.submitting}
          notice={state.notice}
          serverFieldErrors={state.serverFieldErrors}
          onSubmit={(body) => send({ type: 'login.submitted', body })}
        />
      );
    default:
      return state satisfies never;
  }
}
