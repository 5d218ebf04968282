import { useEffect, useMemo, useRef, useState } from 'react';
import type { DeviceUser } from '@gatehouse/contract';
import { deviceUserList, forgotPassword, newDevice, tokenInfo } from '@gatehouse/contract';
import { isServiceUnavailable, reloadPage, useGlobalFailureHandler } from '../../shared/api';
import { call } from '../../shared/api/call';
import { loadDeviceName } from '../../shared/device';
import { useT } from '../../shared/i18n';
import {
  LINK_CHECK_FAILED_TEXTS,
  LINK_CHECK_RETRY,
  LinkRequestScreen,
  answerFor,
  linkValidity,
  markUsedHere,
  usedHere,
} from '../../shared/link-request';
import type { LinkCheck } from '../../shared/link-request';
import type { NewTokenFormHandle } from '../../shared/link-request';
import { useMachine } from '../../shared/machine';
import { shouldOfferPasskey } from '../../shared/passkeys';
import { PasskeyOfferScreen } from '../../shared/passkeys/passkey-offer-screen';
import { InfoScreen, LoadingScreen } from '../../shared/screens';
import type { InfoScreenAction, InfoScreenProps, InfoScreenTexts } from '../../shared/screens';
import { SetPasswordForm } from './screens/set-password-form';
import { runTokenLinkEffect } from './token-link.effects';
import type { TokenLinkDeps } from './token-link.effects';
import { startTokenLink, transition } from './token-link.machine';
import type { TokenLinkEvent, TokenLinkPage, TokenLinkState } from './token-link.machine';
import { INVITATION_LINK, RESET_LINK } from './token-link.kinds';
import { PAIR_DEVICE_TEXTS } from './token-link.messages';
import type { TokenLinkKind } from './token-link.kinds';

interface TokenLinkPageProps {
  /** The page's query string; `token` is read from it once. */
  search: string;
  /** The link's check, made by the server for the page it rendered (or that this browser used a reset link). */
  tokenCheck?: LinkCheck | null;
  /** Goes to the sign-in route (sign in, close and cancel on the link's pages). */
  /** To the sign-in route, with the account to sign in to when the page knows it. */
  goToSignIn: (email?: string) => void;
}

export interface ResetPasswordFlowProps extends TokenLinkPageProps {
  /** Receives the device user list refreshed after the password changed. */
  onDeviceUsers: (users: readonly DeviceUser[]) => void;
  /** Server info's `resetLinkMinutes`: the new link's page says how long it works, when given. */
  resetLinkMinutes?: number | null;
}

export interface FinishRegistrationFlowProps extends TokenLinkPageProps {
  /**
   * Goes to the safe redirect target: `safeRedirect(redirect, {appOrigin, allowlist})`
   * with the page's `redirect` parameter, read once, and the server info's allowlist;
   * `/` by default (docs/decisions/0004).
   */
  redirect: () => void;
  /** The browser's user agent, for the device name. */
  userAgent?: string;
  /**
   * Signed in when the page loaded: a link that no longer works then goes on to the redirect target
   * (most likely this person's own, used already: a later step reloaded, the mail opened again).
   */
  signedIn?: boolean;
}

/** The reset-password route (docs/flows/recovery.md). */
export function ResetPasswordFlow(props: ResetPasswordFlowProps) {
  return <TokenLinkFlow kind={RESET_LINK} {...props} />;
}

/** The finish-registration route (docs/flows/recovery.md). */
export function FinishRegistrationFlow(props: FinishRegistrationFlowProps) {
  return <TokenLinkFlow kind={INVITATION_LINK} {...props} />;
}

const ignore = () => undefined;

type TokenLinkFlowProps = TokenLinkPageProps &
  Partial<Omit<ResetPasswordFlowProps & FinishRegistrationFlowProps, keyof TokenLinkPageProps>> & {
    kind: TokenLinkKind;
  };

/** A token link's page, of either kind: one screen per state of the machine; the kind gives the texts and steps. */
function TokenLinkFlow({
  kind,
  search,
  tokenCheck,
  goToSignIn,
  onDeviceUsers = ignore,
  resetLinkMinutes = null,
  redirect = ignore,
  signedIn = false,
  // The browser's, read when the device is named (the server renders this page without one).
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
}: TokenLinkFlowProps) {
  const t = useT();
  const { texts } = kind;
  // Read once with URLSearchParams (one decode), with what the page knows of its visitor.
  const [link] = useState<TokenLinkPage>(() => {
    const token = new URLSearchParams(search).get('token');
    return { token, signedIn, usedHere: usedHere(tokenCheck, token) };
  });
  const newTokenForm = useRef<NewTokenFormHandle>(null);
  const handleGlobalFailure = useGlobalFailureHandler({ reload: reloadPage });

  const deps = useMemo<TokenLinkDeps>(
    () => ({
      tokenInfo: (value) => call(tokenInfo, { query: { token: value } }),
      setPassword: kind.setPassword,
      forgotPassword: (body) => call(forgotPassword, { body }),
      deviceUserList: async () => (await call(deviceUserList)).users,
      onDeviceUsers,
      pairDevice: async () => {
        const deviceName = await loadDeviceName(userAgent, {
          defaultName: t('device.defaultName'),
          defaultMobileName: t('device.defaultMobileName'),
          mobileName: (name) => t('device.mobileName', { name }),
        });
        return call(newDevice, { body: { device_name: deviceName } });
      },
      shouldOfferPasskey: () => shouldOfferPasskey(),
      redirect,
      isServiceUnavailable,
      handleGlobalFailure,
      clearEmail: () => newTokenForm.current?.clearEmail(),
      goToSignIn,
    }),
    [kind, onDeviceUsers, userAgent, t, redirect, handleGlobalFailure, goToSignIn],
  );
  const { state, send } = useMachine(
    {
      start: () => startTokenLink(kind.steps, link, answerFor(tokenCheck, link.token)),
      transition: (current: TokenLinkState, event: TokenLinkEvent) => transition(kind.steps, link, current, event),
      run: runTokenLinkEffect,
    },
    deps,
  );
  // The password is set: a Back to this page says so, not the form of a used link again.
  useEffect(() => {
    if (state.type === 'passwordChanged' && link.token !== null) markUsedHere(link.token);
  }, [state.type, link.token]);

  const signIn = () => send({ type: 'signIn.chosen' });
  const leave = { label: texts.leave, onClick: signIn };

  /** A screen that says something and leads on, keyed by the state: a new one mounts anew (its title takes focus, docs/decisions/0010). */
  const info = (
    screen: InfoScreenTexts,
    action: InfoScreenAction,
    more: Pick<InfoScreenProps, 'other' | 'address' | 'bodyEnd'> = {},
  ) => <InfoScreen key={state.type} texts={screen} action={action} {...more} />;

  switch (state.type) {
    case 'checkingToken':
      return <LoadingScreen label={t('recovery.checkingLink')} />;
    case 'checkFailed':
      return info(
        LINK_CHECK_FAILED_TEXTS,
        { label: LINK_CHECK_RETRY, onClick: () => send({ type: 'check.retried' }) },
        { other: leave },
      );
    case 'welcome':
      return (
        texts.welcome &&
        info(
          texts.welcome.texts,
          { label: texts.welcome.action, onClick: () => send({ type: 'welcome.continued' }) },
          { address: state.account === null ? null : t('setPassword.account', { email: state.account }) },
        )
      );
    case 'setPassword':
      return (
        <SetPasswordForm
          account={state.account}
          title={t(texts.setPassword.title)}
          pageTitle={t(texts.setPassword.pageTitle)}
          submitLabel={t(texts.setPassword.submit)}
          submitting={state.submitting}
          notice={state.notice}
          serverErrors={state.fieldErrors}
          failures={state.failures}
          onSubmit={(values) => send({ type: 'password.submitted', ...values })}
        />
      );
    case 'expired':
      return info(
        texts.expired,
        { label: texts.newTokenChoice, onClick: () => send({ type: 'newToken.chosen' }) },
        { other: leave },
      );
    case 'requestNewToken':
      return (
        <LinkRequestScreen
          texts={texts.newToken}
          handle={newTokenForm}
          state={state}
          onSubmit={(email) => send({ type: 'newToken.submitted', email })}
          onCancel={signIn}
        />
      );
    case 'newTokenSent':
      return info(texts.newTokenSent, leave, {
        bodyEnd: linkValidity(t, texts.newTokenValidity, resetLinkMinutes),
        address: state.email,
      });
    case 'passwordChanged':
      return (
        texts.passwordChanged &&
        info(texts.passwordChanged.texts, { label: texts.passwordChanged.action, onClick: signIn })
      );
    case 'pairDevice':
      return (
        <InfoScreen
          key={state.type}
          texts={PAIR_DEVICE_TEXTS.texts}
          action={{ label: PAIR_DEVICE_TEXTS.pair, onClick: () => send({ type: 'device.pairChosen' }) }}
          other={{ label: PAIR_DEVICE_TEXTS.skip, onClick: () => send({ type: 'device.skipped' }) }}
          busy={state.pairing}
          notice={state.notice === 'pairFailed' ? PAIR_DEVICE_TEXTS.failed : null}
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
