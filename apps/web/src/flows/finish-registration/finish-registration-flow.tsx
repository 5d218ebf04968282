import { useMemo, useRef, useState } from 'react';
import { forgotPassword, newDevice, register, tokenInfo } from '@gatehouse/contract';
import { isServiceUnavailable, reloadPage, useGlobalFailureHandler } from '../../shared/api';
import { call } from '../../shared/api/call';
import { loadDeviceName } from '../../shared/device';
import { LinkRequestScreen, LoadingScreen, answerFor } from '../../shared/forms';
import type { LinkCheck, NewTokenFormHandle } from '../../shared/forms';
import { useT } from '../../shared/i18n';
import { shouldOfferPasskey } from '../../shared/passkeys';
import { PasskeyOfferScreen } from '../../shared/passkeys/passkey-offer-screen';
import type { FinishRegistrationDeps } from './finish-registration.effects';
import { CreatePasswordScreen } from './screens/create-password-screen';
import { ExpiredInvitationScreen } from './screens/expired-invitation-screen';
import { NewInvitationSentScreen } from './screens/new-invitation-sent-screen';
import { PairDeviceScreen } from './screens/pair-device-screen';
import { WelcomeScreen } from './screens/welcome-screen';
import { useFinishRegistrationMachine } from './use-finish-registration-machine';

export interface FinishRegistrationFlowProps {
  /** The page's query string; `token` is read from it once. */
  search: string;
  /** The link's check, made by the server for the page it rendered. */
  tokenCheck?: LinkCheck | null;
  /** Goes to the sign-in route (close on the expired-link pages). */
  goToSignIn: () => void;
  /**
   * Goes to the safe redirect target: `safeRedirect(redirect, {appOrigin, allowlist})`
   * with the page's `redirect` parameter, read once, and the server info's allowlist;
   * `/` by default (docs/decisions/0004).
   */
  redirect: () => void;
  /** The browser's user agent, for the device name. */
  userAgent?: string;
}

/** The finish-registration route (docs/flows/recovery.md): one screen per state of the machine. */
export function FinishRegistrationFlow({
  search,
  tokenCheck,
  goToSignIn,
  redirect,
  // The browser's, read when the device is named (the server renders this page without one).
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
}: FinishRegistrationFlowProps) {
  const t = useT();
  // Read once with URLSearchParams (one decode).
  const [token] = useState(() => new URLSearchParams(search).get('token'));
  const newTokenForm = useRef<NewTokenFormHandle>(null);
  const handleGlobalFailure = useGlobalFailureHandler({ reload: reloadPage });

  const deps = useMemo<FinishRegistrationDeps>(() => {
    return {
      tokenInfo: (value) => call(tokenInfo, { query: { token: value } }),
      register: (body) => call(register, { body }),
      forgotPassword: (body) => call(forgotPassword, { body }),
      pairDevice: async () => {
        const deviceName = await loadDeviceName(userAgent, {
          defaultName: t('device.defaultName'),
          defaultMobileName: t('device.defaultMobileName'),
          mobileName: (name) => t('device.mobileName', { name }),
        });
        return call(newDevice, { body: { device_name: deviceName } });
      },
      isServiceUnavailable,
      handleGlobalFailure,
      clearEmail: () => newTokenForm.current?.clearEmail(),
      goToSignIn,
      shouldOfferPasskey: () => shouldOfferPasskey(),
      redirect,
    };
  }, [redirect, userAgent, t, handleGlobalFailure, goToSignIn]);
  const { state, send } = useFinishRegistrationMachine(token, deps, answerFor(tokenCheck, token));

  const signIn = () => send({ type: 'signIn.chosen' });

  switch (state.type) {
    case 'checkingToken':
      return <LoadingScreen label={t('recovery.checkingLink')} />;
    case 'welcome':
      return <WelcomeScreen onContinue={() => send({ type: 'welcome.continued' })} />;
    case 'setPassword':
      return (
        <CreatePasswordScreen
          submitting={state.submitting}
          notice={state.notice}
          fieldErrors={state.fieldErrors}
          failures={state.failures}
          onSubmit={(values) => send({ type: 'password.submitted', ...values })}
        />
      );
    case 'expired':
      return <ExpiredInvitationScreen onNewToken={() => send({ type: 'newToken.chosen' })} onClose={signIn} />;
    case 'requestNewToken':
      return (
        <LinkRequestScreen
          kind="registration"
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
      return <NewInvitationSentScreen onClose={signIn} />;
    case 'pairDevice':
      return (
        <PairDeviceScreen
          pairing={state.pairing}
          notice={state.notice}
          onPair={() => send({ type: 'device.pairChosen' })}
          onSkip={() => send({ type: 'device.skipped' })}
        />
      );
    case 'finishing':
      return <LoadingScreen label={t('app.loading')} />;
    case 'passkeyOffer':
      return <PasskeyOfferScreen onDone={() => send({ type: 'passkeyOffer.finished' })} />;
    default:
      return state satisfies never;
  }
}
