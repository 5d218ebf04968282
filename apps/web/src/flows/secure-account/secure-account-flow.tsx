import { useEffect, useMemo, useRef, useState } from 'react';
import { forgotPassword, secureAccount, secureAccountInfo } from '@gatehouse/contract';
import { isServiceUnavailable, reloadPage, useGlobalFailureHandler } from '../../shared/api';
import { call } from '../../shared/api/call';
import { useT } from '../../shared/i18n';
import {
  LINK_CHECK_FAILED_TEXTS,
  LINK_CHECK_RETRY,
  LinkRequestScreen,
  RESET_LINK_VALIDITY,
  answerFor,
  linkValidity,
  markUsedHere,
  usedHere,
} from '../../shared/link-request';
import type { LinkCheck } from '../../shared/link-request';
import type { NewTokenFormHandle } from '../../shared/link-request';
import { InfoScreen, LoadingScreen } from '../../shared/screens';
import type { InfoScreenAction, InfoScreenTexts } from '../../shared/screens';
import { useMachine } from '../../shared/machine';
import { runSecureAccountEffect } from './secure-account.effects';
import type { SecureAccountDeps } from './secure-account.effects';
import { startSecureAccount, transition } from './secure-account.machine';
import type { SecureAccountEvent, SecureAccountState } from './secure-account.machine';
import {
  RESET_LINK_REQUEST_TEXTS,
  RESET_LINK_SENT_TEXTS,
  SCREEN_TEXTS,
  SECURE_NOTICE_MESSAGES,
} from './secure-account.messages';

export interface SecureAccountFlowProps {
  /** The page's query string; `token` is read from it once. */
  search: string;
  /** To the sign-in route, with the account to sign in to when the page knows it. */
  goToSignIn: (email?: string) => void;
  /** The reset-password route with this token. */
  goToResetPassword: (token: string) => void;
  /** The server's check of this link when it rendered the page (or that this browser secured the account with it). */
  linkCheck?: LinkCheck | null;
  /** Server info's `resetLinkMinutes`: the reset link's "link sent" page says how long it works, when given. */
  resetLinkMinutes?: number | null;
}

/** The secure-account route (docs/flows/secure-account.md): one screen per state of the machine. */
export function SecureAccountFlow({
  search,
  goToSignIn,
  goToResetPassword,
  linkCheck,
  resetLinkMinutes = null,
}: SecureAccountFlowProps) {
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
  const { state, send } = useMachine(
    {
      start: () => startSecureAccount({ token, usedHere: usedHere(linkCheck, token) }, answerFor(linkCheck, token)),
      transition: (current: SecureAccountState, event: SecureAccountEvent) => transition(token, current, event),
      run: runSecureAccountEffect,
    },
    deps,
  );
  // Secured, the link is used: a Back to this page says so, not the confirmation's button again.
  useEffect(() => {
    if (state.type === 'secured' && token !== null) markUsedHere(token);
  }, [state.type, token]);

  const signIn = () => send({ type: 'signIn.chosen' });
  const leave = { label: 'secureAccount.expired.signIn', onClick: signIn } as const;

  /** A screen that says something and leads on, keyed by the state: a new one mounts anew (its title takes focus, docs/decisions/0010). */
  const info = (screen: InfoScreenTexts, action: InfoScreenAction, other?: InfoScreenAction) => (
    <InfoScreen key={state.type} texts={screen} action={action} other={other} />
  );

  switch (state.type) {
    case 'checkingLink':
      return <LoadingScreen label={t('secureAccount.checkingLink')} />;
    case 'checkFailed':
      return info(
        LINK_CHECK_FAILED_TEXTS,
        { label: LINK_CHECK_RETRY, onClick: () => send({ type: 'check.retried' }) },
        leave,
      );
    case 'confirm':
      return (
        <InfoScreen
          key={state.type}
          texts={SCREEN_TEXTS.confirm}
          action={{ label: 'secureAccount.confirm.submit', onClick: () => send({ type: 'secure.chosen' }) }}
          busy={state.submitting}
          notice={state.notice === null ? null : SECURE_NOTICE_MESSAGES[state.notice]}
          noticeKey={state.failures}
        />
      );
    case 'secured':
      return info(SCREEN_TEXTS.secured, {
        label: 'secureAccount.secured.newPassword',
        onClick: () => send({ type: 'newPassword.chosen' }),
      });
    case 'expired':
      return info(
        SCREEN_TEXTS.expired,
        { label: 'secureAccount.expired.newToken', onClick: () => send({ type: 'newToken.chosen' }) },
        leave,
      );
    case 'requestNewToken':
      return (
        <LinkRequestScreen
          texts={RESET_LINK_REQUEST_TEXTS}
          handle={newTokenForm}
          state={state}
          onSubmit={(email) => send({ type: 'newToken.submitted', email })}
          onCancel={signIn}
        />
      );
    case 'newTokenSent':
      return (
        <InfoScreen
          key={state.type}
          texts={RESET_LINK_SENT_TEXTS}
          action={leave}
          bodyEnd={linkValidity(t, RESET_LINK_VALIDITY, resetLinkMinutes)}
          address={state.email}
        />
      );
    default:
      return state satisfies never;
  }
}
