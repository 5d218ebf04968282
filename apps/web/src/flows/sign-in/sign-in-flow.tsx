import {
  Fragment,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { lazyWithTimeout, loadChunk } from '../../shared/chunks';
import type { DeviceUser } from '@gatehouse/contract';
import {
  isApiFailure,
  isServiceUnavailable,
  loadApiModule,
  reloadPage,
  useGlobalFailureHandler,
  useServerError,
} from '../../shared/api';
import { MessageAreaGate, useLocale, useT } from '../../shared/i18n';
import { useMachine } from '../../shared/machine';
import {
  LazyBiometricRestrictedDialog,
  assertWithPasskey,
  getPasskeyOptions,
  shouldOfferPasskey,
  supportsPasskeys,
  useConditionalMediation,
  verifyPasskey,
} from '../../shared/passkeys';
import { useAnnounce } from '../../shared/a11y';
import { LoadingIndicator, useSnackbar } from '../../shared/ui';
import type { FormHandle } from './form-handle';
import {
  clearPinStep,
  readPinStep,
  readSharedComputer,
  savePinStep,
  saveSharedComputer,
  subscribeSharedComputer,
} from './pin-step-storage';
import { LoginScreen } from './screens/login-screen';
import { RememberedUserScreen } from './screens/remembered-user-screen';
import { clearGoCache, runEffect } from './sign-in.effects';
import { initialSignInState, transition } from './sign-in.machine';
import { PASSKEY_NOT_AVAILABLE_MESSAGES } from './sign-in.messages';
import type { SignInDeps } from './sign-in.effects';
import type { SignInFormState } from './sign-in.machine';
import type { PasswordFormProps } from './screens/password-form-end';
import { forgetHandedEmail, handedEmail, type SignInStart } from './sign-in-start';
import type { SignInCalls } from './sign-in.calls';

// The first view holds the login and remembered-user forms; the other screens are one chunk.
const loadLaterScreens = () => import('./screens/later-screens');
const PinScreen = lazyWithTimeout(() => loadLaterScreens().then((m) => ({ default: m.PinScreen })));
const RememberedUsersScreen = lazyWithTimeout(() =>
  loadLaterScreens().then((m) => ({ default: m.RememberedUsersScreen })),
);
const BlockedScreen = lazyWithTimeout(() => loadLaterScreens().then((m) => ({ default: m.BlockedScreen })));
const DisabledScreen = lazyWithTimeout(() => loadLaterScreens().then((m) => ({ default: m.DisabledScreen })));
const ForgotPasswordScreen = lazyWithTimeout(() =>
  loadLaterScreens().then((m) => ({ default: m.ForgotPasswordScreen })),
);
const ResetSentScreen = lazyWithTimeout(() => loadLaterScreens().then((m) => ({ default: m.ResetSentScreen })));
const PasskeyOfferScreen = lazyWithTimeout(() => loadLaterScreens().then((m) => ({ default: m.PasskeyOfferScreen })));

// The calls, with the contract's schemas, are not in the first view either: they load once the page
// has hydrated (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
const loadSignInCalls = () => import('./sign-in.calls');

/** The device's account list a removal answered with; an answer that is not ok is a fault (the internal error page). */
function usersOf<A extends { status: string; users: U }, U>(answer: A): U {
  if (answer.status !== 'ok') throw new Error(`device user list: ${answer.status}`);
  return answer.users;
}

/** One of the sign-in's calls, loading their module on first use; when it cannot load, the call got no answer at all. */
function signInCall<K extends keyof SignInCalls>(id: K) {
  return async (...args: Parameters<SignInCalls[K]>): Promise<Awaited<ReturnType<SignInCalls[K]>>> => {
    const call = (await loadApiModule(loadSignInCalls, id)).signInCalls[id] as (
      ...a: Parameters<SignInCalls[K]>
    ) => Promise<Awaited<ReturnType<SignInCalls[K]>>>;
    return call(...args);
  };
}

/** The states whose screens are in the first view (the others load with their texts). */
const FIRST_VIEW_STATES: ReadonlySet<string> = new Set(['unspecified', 'loginForm', 'rememberedUser']);

/** Fetches the later screens once the first view is up, so the next screen shows at once. */
function preloadLaterScreens(loadTexts: () => Promise<void>): () => void {
  const load = () => {
    void loadLaterScreens().catch(() => undefined);
    void loadTexts().catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, 1000);
  return () => clearTimeout(id);
}

export const PIN_MAIL_FAILED_SNACKBAR_ID = 'pin-mail-failed';
export const RECHECK_SKIP_SNACKBAR_ID = 'pin-recheck-skip';
/**
 * The skip offer stays while the PIN form is shown (at most the PIN's 10 minutes) and
 * goes when the step ends: a 6-second offer is out of reach for many of our users
 * (WCAG 2.2.1; docs/decisions/0007-sign-in-view-states.md).
 */
export const RECHECK_SKIP_SNACKBAR_MS = 10 * 60 * 1000;
export const PASSKEY_NOT_AVAILABLE_SNACKBAR_ID = 'passkey-not-available';
/**
 * The credentials-not-available snackbar with its Activate action stays while the form is
 * shown (like the recheck skip; docs/decisions/0008-passkeys-in-the-app.md) and goes with it.
 */
export const PASSKEY_ACTIVATION_SNACKBAR_MS = 10 * 60 * 1000;

export interface SignInFlowProps {
  rememberedUsers: readonly DeviceUser[];
  /** Goes to the safe redirect target (computed once by the caller). */
  redirect: () => void;
  /** Server info contactUrl: the disabled-account page links to it when given. */
  contactUrl?: string | null;
  /** Server info resetLinkMinutes: the "link sent" page says how long the link works when given. */
  resetLinkMinutes?: number | null;
  /**
   * A server-rendered page's start (the PIN step the session is in, whether a passkey may be offered):
   * the first render matches the markup. Without it, the PIN step comes from this tab's storage.
   */
  start?: SignInStart;
}

/** One screen per state of the sign-in machine. */
export function SignInFlow({
  rememberedUsers,
  redirect,
  contactUrl = null,
  resetLinkMinutes = null,
  start,
}: SignInFlowProps) {
  const t = useT();
  const form = useRef<FormHandle>(null);
  const container = useRef<HTMLDivElement>(null);
  const { show, hide } = useSnackbar();
  const announce = useAnnounce();
  const { enterServerError } = useServerError();
  const handleGlobalFailure = useGlobalFailureHandler({ reload: reloadPage });
  const abortConditional = useRef<() => void>(() => undefined);
  // "This is a shared or public computer" (docs/decisions/0116-shared-computer.md): sent with the
  // sign-in; no autofill, no 'remember this device', no passkey offer. Kept for this tab.
  // A server-rendered page cannot know this tab's choice: it shows the box unticked, then the choice
  // once hydrated (a second paint only for that rare reload).
  const sharedComputer = useSyncExternalStore(subscribeSharedComputer, readSharedComputer, () => false);
  const shared = useRef(sharedComputer);
  useLayoutEffect(() => {
    shared.current = sharedComputer;
  }, [sharedComputer]);
  const chooseSharedComputer = useCallback((choice: boolean) => {
    shared.current = choice;
    saveSharedComputer(choice);
  }, []);
  const sharedChoice = { checked: sharedComputer, onChange: chooseSharedComputer };
  const deps = useMemo<SignInDeps>(() => {
    /** A sign-in's body, marked when this is a shared or public computer. */
    const markShared = <B extends object>(body: B): B => (shared.current ? { ...body, sharedComputer: true } : body);
    return {
      clearCache: clearGoCache,
      login: (body) => signInCall('login')(markShared(body)),
      readPinAttempts: signInCall('pinAttempts'),
      submitPin: signInCall('pinSubmit'),
      skipPin: signInCall('pinSkip'),
      registerDevice: async () => {
        // The device-name module and bowser load only now (after a PIN ok with the box ticked).
        const { loadDeviceName } = await loadChunk(() => import('../../shared/device'));
        const deviceName = await loadDeviceName(navigator.userAgent, {
          defaultName: t('device.defaultName'),
          defaultMobileName: t('device.defaultMobileName'),
          mobileName: (name) => t('device.mobileName', { name }),
        });
        await signInCall('newDevice')(deviceName);
      },
      refreshUser: async () => {
        await signInCall('userInfo')();
      },
      removeRememberedUser: async (userId) => usersOf(await signInCall('deviceUserRemove')(userId)),
      forgetRememberedUsers: async () => usersOf(await signInCall('deviceUsersForget')()),
      forgotPassword: signInCall('forgotPassword'),
      isNoAnswer: (error) => isApiFailure(error) && error.kind === 'network',
      isAppError: (error) => isApiFailure(error) && error.kind === 'app_error',
      isServiceUnavailable,
      handleGlobalFailure,
      enterServerError,
      redirect,
      resetField: (field) => form.current?.resetField(field),
      focusPassword: () => form.current?.focusPassword?.(),
      focusHeading: () => container.current?.querySelector<HTMLElement>('h1')?.focus(),
      sayRemoved: (email) =>
        announce(
          email === null ? t('signIn.remembered.allForgotten') : t('signIn.remembered.removed', { email }),
          'polite',
        ),
      showPinMailFailed: () =>
        show({ id: PIN_MAIL_FAILED_SNACKBAR_ID, severity: 'error', message: t('signIn.snackbar.pinMailFailed') }),
      showRecheckSkip: (skip) =>
        show({
          id: RECHECK_SKIP_SNACKBAR_ID,
          message: t('signIn.snackbar.recheckSkip'),
          action: { label: t('signIn.snackbar.recheckSkip.action'), onClick: skip },
          durationMs: RECHECK_SKIP_SNACKBAR_MS,
        }),
      hideRecheckSkip: () => hide(RECHECK_SKIP_SNACKBAR_ID),
      savePinStep,
      clearPinStep,
      passkeySupported: supportsPasskeys,
      abortConditionalPasskey: () => abortConditional.current(),
      passkeyOptions: (userId) => getPasskeyOptions(userId ?? undefined),
      passkeyAssert: assertWithPasskey,
      passkeyVerify: (body) => verifyPasskey(markShared(body)),
      showPasskeyNotAvailable: (activation, activate) =>
        show(
          activation
            ? {
                id: PASSKEY_NOT_AVAILABLE_SNACKBAR_ID,
                message: t(PASSKEY_NOT_AVAILABLE_MESSAGES.activation),
                action: { label: t(PASSKEY_NOT_AVAILABLE_MESSAGES.activationAction), onClick: activate },
                durationMs: PASSKEY_ACTIVATION_SNACKBAR_MS,
              }
            : { id: PASSKEY_NOT_AVAILABLE_SNACKBAR_ID, message: t(PASSKEY_NOT_AVAILABLE_MESSAGES.info) },
        ),
      shouldOfferPasskey: () => shouldOfferPasskey(),
      sharedComputer: () => shared.current,
    };
  }, [handleGlobalFailure, enterServerError, redirect, show, hide, announce, t]);
  const { state, visit, send } = useMachine(
    {
      start: () =>
        transition(initialSignInState, {
          type: 'flow.started',
          rememberedUsers,
          pinStep: start ? start.pinStep : readPinStep(),
          passkeyLikely: start?.passkeyLikely ?? false,
          // A link page's "Sign in" hands its account over (none on a page loaded afresh).
          email: handedEmail(),
        }),
      transition,
      run: runEffect,
    },
    deps,
  );

  // Conditional mediation on the login views: started when one is shown, aborted when it is
  // left, while a passkey sign-in is under way, and after the server's timeout.
  const loginView =
    state.type === 'loginForm' ? 'login' : state.type === 'rememberedUser' ? `remembered:${state.user.userId}` : null;
  const passkeyIdle = (state.type === 'loginForm' || state.type === 'rememberedUser') && !state.passkeyBusy;
  const abortConditionalMediation = useConditionalMediation({
    // Not on a shared computer: its browser's autofill would offer whatever passkeys it holds.
    enabled: passkeyIdle && !sharedComputer,
    restartKey: `${loginView}:${state.type === 'loginForm' || state.type === 'rememberedUser' ? state.passkeyRound : 0}`,
    ...(state.type === 'rememberedUser' ? { userId: state.user.userId } : {}),
    onReady: () => send({ type: 'passkey.conditionalReady' }),
    onUnavailable: () => send({ type: 'passkey.conditionalUnavailable' }),
    onAsserted: (body) => send({ type: 'passkey.asserted', body, source: 'autofill' }),
  });
  useLayoutEffect(() => {
    abortConditional.current = abortConditionalMediation;
  }, [abortConditionalMediation]);
  // The Activate snackbar belongs to the form it was shown on.
  useEffect(() => () => hide(PASSKEY_NOT_AVAILABLE_SNACKBAR_ID), [loginView, hide]);

  useEffect(forgetHandedEmail, []);

  // The calls load as soon as the page has hydrated: a form sent then does not wait for them.
  useEffect(() => {
    void loadSignInCalls().catch(() => undefined);
  }, []);
  const { requireArea } = useLocale();
  useEffect(() => preloadLaterScreens(() => requireArea('signInLater')), [requireArea]);

  // Focus follows every screen change: each screen's ScreenTitle takes it when it mounts
  // (shared/a11y; docs/decisions/0010-focus-and-announcements.md). The screen is keyed with the
  // visit, so every visit mounts it anew, also login → PIN → login rendered in one go.
  const screen = <Fragment key={visit}>{renderScreen()}</Fragment>;
  return (
    <div ref={container}>
      <Suspense fallback={<LoadingIndicator label={t('app.loading')} size={32} />}>
        {FIRST_VIEW_STATES.has(state.type) ? (
          screen
        ) : (
          // The later screens' texts arrive with them (catalogue area signInLater).
          <MessageAreaGate area="signInLater" fallback={<LoadingIndicator label={t('app.loading')} size={32} />}>
            {screen}
          </MessageAreaGate>
        )}
      </Suspense>
      <LazyBiometricRestrictedDialog
        open={(state.type === 'loginForm' || state.type === 'rememberedUser') && state.passkeyNotice === 'restricted'}
        onClose={() => send({ type: 'passkey.noticeClosed' })}
      />
    </div>
  );

  /** What the two password forms (login, remembered account) are given alike, from their state. */
  function passwordForm(screen: SignInFormState): PasswordFormProps {
    return {
      handle: form,
      submitting: screen.submitting,
      notice: screen.notice,
      serverFieldErrors: screen.serverFieldErrors,
      failures: screen.failures,
      onSubmit: (body) => send({ type: 'login.submitted', body }),
      onForgotPassword: (email) => send({ type: 'forgot.opened', email }),
      passkeyBusy: screen.passkeyBusy,
      passkeyNotice: screen.passkeyNotice,
      onPasskey: () => send({ type: 'passkey.requested' }),
      sharedComputer: sharedChoice,
    };
  }

  function renderScreen() {
    switch (state.type) {
      case 'unspecified':
        return <LoadingIndicator label={t('app.loading')} size={32} />;
      case 'loginForm':
        return (
          <LoginScreen
            {...passwordForm(state)}
            initialEmail={state.email}
            onBackToList={state.users.length > 0 ? () => send({ type: 'remembered.listOpened' }) : undefined}
            deviceOffer={state.deviceOffer && !sharedComputer}
          />
        );
      case 'rememberedUsers':
        return (
          <RememberedUsersScreen
            users={state.users}
            removing={state.removing}
            onChoose={(user) => send({ type: 'remembered.userChosen', user })}
            onRemove={(userId) => send({ type: 'remembered.removeRequested', userId })}
            onForgetAll={() => send({ type: 'remembered.forgetAllRequested' })}
            onUseAnother={() => send({ type: 'account.anotherChosen' })}
          />
        );
      case 'rememberedUser':
        return (
          <RememberedUserScreen
            {...passwordForm(state)}
            user={state.user}
            onBack={() => send({ type: 'remembered.listOpened' })}
          />
        );
      case 'pin':
        return (
          <PinScreen
            email={state.email}
            variant={state.variant}
            attempts={state.attempts}
            submitting={state.submitting}
            problem={state.problem}
            failures={state.failures}
            offerRememberDevice={!sharedComputer}
            onSubmit={(pin, rememberDevice) => send({ type: 'pin.submitted', pin, rememberDevice })}
            onBack={() => send({ type: 'pin.cancelled' })}
          />
        );
      case 'blocked':
        return (
          <BlockedScreen
            onUseAnother={() => send({ type: 'account.anotherChosen' })}
            onResetPassword={() => send({ type: 'forgot.opened', email: state.email })}
          />
        );
      case 'disabled':
        return (
          <DisabledScreen
            email={state.email}
            contactUrl={contactUrl}
            onUseAnother={() => send({ type: 'account.anotherChosen' })}
          />
        );
      case 'forgotPassword':
        return (
          <ForgotPasswordScreen
            handle={form}
            initialEmail={state.email}
            submitting={state.submitting}
            notice={state.notice}
            problem={state.problem}
            failures={state.failures}
            onSubmit={(email) => send({ type: 'forgot.submitted', email })}
            onCancel={(email) => send({ type: 'forgot.cancelled', email })}
          />
        );
      case 'resetSent':
        return (
          <ResetSentScreen
            email={state.email}
            linkMinutes={resetLinkMinutes}
            onSignIn={() => send({ type: 'resetSent.closed' })}
          />
        );
      case 'passkeyOffer':
        return <PasskeyOfferScreen onDone={() => send({ type: 'passkeyOffer.finished' })} />;
      default:
        return state satisfies never;
    }
  }
}
