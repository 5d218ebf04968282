import { useEffect, useMemo, useRef, useState } from 'react';
import { forgotPassword, secureAccount, secureAccountInfo } from '@gatehouse/contract';
import { isServiceUnavailable, reloadPage, useGlobalFailureHandler } from '../../shared/api';
import { call } from '../../shared/api/call';
import { LinkRequestScreen, LoadingScreen } from '../../shared/forms';
import type { NewTokenFormHandle } from '../../shared/forms';
import { useT } from '../../shared/i18n';
import type { SecureAccountDeps } from './secure-account.effects';
import { ConfirmScreen } from './screens/confirm-screen';
import { ExpiredLinkScreen } from './screens/expired-link-screen';
import { LinkSentScreen } from './screens/link-sent-screen';
import { SecuredScreen } from './screens/secured-screen';
import { useSecureAccountMachine } from './use-secure-account-machine';

export interface SecureAccountFlowProps {
  /** The page's query string; `token` is read from it once. */
  search: string;
  goToSignIn: () => void;
  /** The reset-password route with this token. */
  goToResetPassword: (token: string) => void;
}

/** The secure-account route (docs/flows/secure-account.md): one screen per state of the machine. */
export function SecureAccountFlow({ search, goToSignIn, goToResetPassword }: SecureAccountFlowProps) {
  const t = useT();
  // Read once with URLSearchParams (one decode).
  const [token] = useState(() => new URLSearchParams(search).get('token'));
  const newTokenForm = useRef<NewTokenFormHandle>(null);
  const handleGlobalFailure = useGlobalFailureHandler({ reload: reloadPage });

  const deps = useMemo<SecureAccountDeps>(
    () => ({
      checkLink: (value) => call(secureAccountInfo, { query: { token: value } }),
      secureAccount: (value) => call(secureAccount, { body: { token: value } }),
      forgotPassword: (body) => call(forgotPassword, { body }),
      isServiceUnavailable,
      handleGlobalFailure,
      clearEmail: () => newTokenForm.current?.clearEmail(),
      goToSignIn,
      goToResetPassword,
    }),
    [handleGlobalFailure, goToSignIn, goToResetPassword],
  );
  const { state, send } = useSecureAccountMachine(token, deps);

  useEffect(() => {
    send({ type: 'flow.started' });
  }, [send]);

  const signIn = () => send({ type: 'signIn.chosen' });

  switch (state.type) {
    case 'checkingLink':
      return <LoadingScreen label={t('secureAccount.checkingLink')} />;
    case 'confirm':
      return <ConfirmScreen submitting={state.submitting} notice={state.notice} failures={state.failures} onSecure={() => send({ type: 'secure.chosen' })} />;
    case 'secured':
      return <SecuredScreen onNewPassword={() => send({ type: 'newPassword.chosen' })} />;
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
      return <LinkSentScreen onSignIn={signIn} />;
    default:
      return state satisfies never;
  }
}
