import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import {
  forgotPassword,
  passkeyRemove,
  passkeyRename,
  reauthenticate,
  reauthPasskey,
  reauthPasskeyOptions,
  securityOverview,
  sessionEnd,
  sessionsEndOthers,
  trustedDeviceRevoke,
  trustedDevicesRevokeOthers,
  type SecurityDevice,
  type SecurityOverviewAnswer,
  type SecurityPasskey,
  type SecuritySession,
  type StatusAnswer,
} from '@gatehouse/contract';
import { ScreenTitle, useAnnounce } from '../../shared/a11y';
import { isApiFailure, isServiceUnavailable, reloadPage, useGlobalFailureHandler } from '../../shared/api';
import { call } from '../../shared/api/call';
import { useT } from '../../shared/i18n';
import {
  LazyBiometricRestrictedDialog,
  assertWithPasskey,
  classifyCeremonyError,
  supportsPasskeys,
} from '../../shared/passkeys';
import { activatePasskey } from '../../shared/passkeys/passkey-offer';
import { Button, buttonClassName, Card, LoadingIndicator, Notice, useSnackbar } from '../../shared/ui';
import { initialSecurityState, transition, type Overview, type ReauthPurpose } from './account-security.machine';
import { SecurityDialogs, type PasskeyProofNotice } from './security-dialogs';
import {
  ADD_PASSKEY_BUTTON,
  DevicesSection,
  OTHER_DEVICES_BUTTON,
  OTHER_SESSIONS_BUTTON,
  PASSWORD_LINK_BUTTON,
  PasskeysSection,
  PasswordSection,
  SessionsSection,
  SignInsSection,
  deviceButton,
  passwordLinkSentText,
  sessionButton,
  usePasskeyInSentence,
} from './security-sections';
import { useDeviceNames } from './use-device-names';
import styles from './account-security.module.css';

export interface SecurityPageProps {
  /** The session is not (or no longer) signed in: to sign-in, with the way back here. */
  onGuest: () => void;
  /** The default page (`/`), the way back. */
  backHref: string;
  /** The signed-in account's address, where a link to choose a new password goes. */
  email: string;
  /** How long a reset link works, when the server says. */
  resetLinkMinutes: number | null;
}

/**
 * The page's one snackbar for how an action ended when the page itself does not show it: a change
 * that did not go through, or a device that already has a passkey (one at a time: a new word
 * replaces the last).
 */
const ACTION_SNACKBAR_ID = 'security-action';

/** Thrown when an answer says the session is not signed in any more. */
class SignedOut extends Error {}

const overviewOf = (answer: SecurityOverviewAnswer): Overview => ({
  passkeys: answer.passkeys,
  devices: answer.devices,
  sessions: answer.sessions,
  signIns: answer.signIns,
  reauthRequired: answer.reauthRequired,
  canAddPasskey: answer.canAddPasskey,
});

const reasonsOf = (answer: StatusAnswer) => answer.reasons ?? [];

/**
 * "Sign-in and security" (docs/decisions/0114-security-page.md): the account's passkeys, trusted
 * devices, sessions and latest sign-ins, each with what can be undone. After a change the list is
 * read again, the result is announced, and focus goes to the section's heading when the item that
 * had it is gone (docs/decisions/0010-focus-and-announcements.md).
 */
export function SecurityPage({ onGuest, backHref, email, resetLinkMinutes }: SecurityPageProps) {
  const t = useT();
  const announce = useAnnounce();
  const { show } = useSnackbar();
  const [proofNotice, setProofNotice] = useState<PasskeyProofNotice | null>(null);
  /** The browser will not make a passkey here (a policy restricts biometrics): its own dialog explains. */
  const [restricted, setRestricted] = useState(false);
  const tellProof = (text: string, severity: PasskeyProofNotice['severity']) =>
    setProofNotice((previous) => ({ text, severity, key: (previous?.key ?? 0) + 1 }));
  const handleFailure = useGlobalFailureHandler({ reload: reloadPage });
  const nameOf = useDeviceNames();
  const passkeyInSentence = usePasskeyInSentence();
  const [state, dispatch] = useReducer(transition, initialSecurityState);
  const titleId = useId();
  const ids = { passkeys: useId(), devices: useId(), sessions: useId(), signIns: useId(), password: useId() };
  const passkeysHeading = useRef<HTMLHeadingElement>(null);
  const devicesHeading = useRef<HTMLHeadingElement>(null);
  const sessionsHeading = useRef<HTMLHeadingElement>(null);
  /** Where focus goes when the dialog closes (set when it opens, changed after a removal). */
  const dialogFinalFocus = useRef<HTMLElement | null>(null);

  const load = useCallback(async (): Promise<Overview> => {
    const answer = await call(securityOverview);
    if (reasonsOf(answer).includes('credentials_required')) throw new SignedOut();
    if (answer.status !== 'ok') throw new Error(`security overview: ${answer.status}`);
    return overviewOf(answer);
  }, []);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof SignedOut) return onGuest();
      dispatch({ type: 'action.failed' });
      // No answer, a server fault or an answer the page did not expect: its own message in a
      // snackbar (shown and said once), the button keeps focus (0010); a wait or a reload is the
      // global handler's.
      if (!isApiFailure(error) || isServiceUnavailable(error))
        show({ id: ACTION_SNACKBAR_ID, severity: 'error', message: t('security.actionFailed') });
      else handleFailure(error);
    },
    [show, handleFailure, onGuest, t],
  );

  useEffect(() => {
    if (state.type !== 'loading') return;
    let live = true;
    load().then(
      (overview) => live && dispatch({ type: 'overview.loaded', overview }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof SignedOut) onGuest();
        else dispatch({ type: 'overview.failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [state.type, load, onGuest]);

  /** Runs one change; on `ok` reads the overview again, announces `done` and moves focus as asked. */
  const change = async (
    send: () => Promise<StatusAnswer>,
    done: string,
    focus?: () => void,
    button?: string,
  ): Promise<'ok' | 'reauth' | 'refused' | 'failed'> => {
    dispatch({ type: 'action.started', ...(button ? { button } : {}) });
    try {
      const answer = await send();
      const reasons = reasonsOf(answer);
      if (reasons.includes('credentials_required')) throw new SignedOut();
      if (reasons.includes('reauth_required')) return 'reauth';
      if (reasons.includes('invalid_credentials')) return 'refused';
      if (answer.status !== 'ok') throw new Error(`security change: ${reasons.join(',')}`);
      const overview = await load();
      focus?.();
      dispatch({ type: 'action.done', overview });
      announce(done, 'polite');
      return 'ok';
    } catch (error) {
      failed(error);
      return 'failed';
    }
  };

  const removePasskey = async (passkey: SecurityPasskey) => {
    // Removed, the item is gone and focus goes to the heading; not removed (the password is asked
    // for, or the change failed), the dialog still returns focus to the button that opened it.
    const opener = dialogFinalFocus.current;
    dialogFinalFocus.current = passkeysHeading.current;
    const outcome = await change(
      () => call(passkeyRemove, { query: { id: passkey.id } }),
      t('security.passkeys.removed', passkeyInSentence(passkey)),
    );
    if (outcome !== 'ok') dialogFinalFocus.current = opener;
    if (outcome === 'reauth') dispatch({ type: 'reauth.needed', purpose: { action: 'remove', passkey } });
  };

  /**
   * Adds a passkey with the offer's ceremony (shared/passkeys): the server's options, the browser's
   * prompt, the credential saved; then the list is read again and the result said, focus staying on
   * the button. The server adds one only soon after the password was proven in this session: when
   * it refuses and the page is still signed in (the overview answers), the password is asked for
   * first, once. A closed prompt says nothing, as in the offer.
   */
  const addPasskey = async (proven: boolean) => {
    dispatch({ type: 'action.started', button: ADD_PASSKEY_BUTTON });
    const result = await activatePasskey();
    switch (result) {
      case 'activated':
        try {
          const overview = await load();
          dispatch({ type: 'action.done', overview });
          announce(t('security.passkeys.added'), 'polite');
        } catch (error) {
          failed(error);
        }
        return;
      case 'notAllowed':
        if (proven) return failed(new Error('passkey registration refused after a new proof'));
        try {
          // Signed out: to sign-in (load throws). Still signed in: the proof is too old.
          await load();
        } catch (error) {
          failed(error);
          return;
        }
        dialogFinalFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dispatch({ type: 'reauth.needed', purpose: { action: 'add' } });
        return;
      case 'alreadyRegistered':
        dispatch({ type: 'action.failed' });
        show({ id: ACTION_SNACKBAR_ID, severity: 'info', message: t('security.passkeys.alreadyOnDevice') });
        return;
      case 'cancelled':
        dispatch({ type: 'action.failed' });
        return;
      case 'restricted':
        dispatch({ type: 'action.failed' });
        setRestricted(true);
        return;
      case 'failed':
        failed(new Error('passkey registration failed'));
        return;
      default:
        result satisfies never;
    }
  };

  /** The change the password (or a passkey) was asked for, once it is proven. */
  const proceed = async (purpose: ReauthPurpose) => {
    // The dialog's word on a passkey that was not used is over once the person is proven either way.
    setProofNotice(null);
    if (purpose.action === 'remove') return removePasskey(purpose.passkey);
    dispatch({ type: 'reauth.passed' });
    return addPasskey(true);
  };

  const reauthThen = async (purpose: ReauthPurpose, password: string) => {
    dispatch({ type: 'action.started' });
    try {
      const answer = await call(reauthenticate, { body: { password } });
      const reasons = reasonsOf(answer);
      if (reasons.includes('credentials_required')) throw new SignedOut();
      // Any other refusal (a malformed call) is a change that did not go through, not a wrong password.
      if (
        answer.status !== 'ok' &&
        !reasons.includes('invalid_credentials') &&
        !reasons.includes('password_required')
      ) {
        throw new Error(`re-authentication: ${reasons.join(',')}`);
      }
      if (answer.status !== 'ok') {
        dispatch({ type: 'reauth.refused' });
        announce(t('security.reauth.wrong'), 'assertive');
        return;
      }
    } catch (error) {
      failed(error);
      return;
    }
    await proceed(purpose);
  };

  /** The passkey instead of the password: the account's own passkeys only, then the same change. */
  const passkeyThen = async (purpose: ReauthPurpose) => {
    dispatch({ type: 'action.started' });
    try {
      const options = await call(reauthPasskeyOptions);
      if (reasonsOf(options).includes('credentials_required')) throw new SignedOut();
      let proven = false;
      if (options.status === 'ok' && options.getStructure) {
        let body;
        try {
          body = await assertWithPasskey(options.getStructure);
        } catch (error) {
          // The person closed the prompt, or the authenticator could not be used: the password stays offered.
          dispatch({ type: 'action.failed' });
          const cancelled = classifyCeremonyError(error) === 'cancelled';
          tellProof(
            t(cancelled ? 'security.reauth.passkeyCancelled' : 'security.reauth.passkeyFailed'),
            cancelled ? 'info' : 'error',
          );
          return;
        }
        const answer = await call(reauthPasskey, { body });
        if (reasonsOf(answer).includes('credentials_required')) throw new SignedOut();
        proven = answer.status === 'ok';
      }
      if (!proven) {
        dispatch({ type: 'action.failed' });
        tellProof(t('security.reauth.passkeyFailed'), 'error');
        return;
      }
    } catch (error) {
      failed(error);
      return;
    }
    await proceed(purpose);
  };

  /** Mails the account's address a link to choose a new password (the same call as "Forgot password?"). */
  const sendPasswordLink = async () => {
    dispatch({ type: 'action.started', button: PASSWORD_LINK_BUTTON });
    try {
      const answer = await call(forgotPassword, { body: { email } });
      if (answer.status !== 'ok') throw new Error(`password link: ${reasonsOf(answer).join(',')}`);
    } catch (error) {
      failed(error);
      return;
    }
    dispatch({ type: 'passwordLink.sent' });
    announce(passwordLinkSentText(t, email, resetLinkMinutes), 'polite');
  };

  const focusHeading = (heading: { current: HTMLHeadingElement | null }) => () => {
    // After the render that removes the item: the heading stays.
    queueMicrotask(() => heading.current?.focus());
  };

  if (state.type === 'loading') {
    return (
      <Card aria-labelledby={titleId} className={styles.page}>
        <ScreenTitle id={titleId} pageTitle={t('security.title')} className={styles.title}>
          {t('security.title')}
        </ScreenTitle>
        <LoadingIndicator size={32} label={t('app.loading')} />
      </Card>
    );
  }
  if (state.type === 'unavailable') {
    return (
      <Card aria-labelledby={titleId} className={styles.page}>
        <ScreenTitle id={titleId} pageTitle={t('security.title')} className={styles.title}>
          {t('security.title')}
        </ScreenTitle>
        <Notice variant="error" className={styles.notice} announce>
          {t('security.loadFailed')}
        </Notice>
        <Button variant="outlined" onClick={() => dispatch({ type: 'overview.requested' })}>
          {t('security.retry')}
        </Button>
      </Card>
    );
  }

  const { overview, dialog, busy, pending } = state;
  const openDialog = (open: () => void) => {
    dialogFinalFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    open();
  };
  return (
    <Card aria-labelledby={titleId} className={styles.page}>
      <ScreenTitle id={titleId} pageTitle={t('security.title')} className={styles.title}>
        {t('security.title')}
      </ScreenTitle>
      <p className={styles.intro}>{t('security.intro')}</p>
      <PasskeysSection
        pending={pending}
        headingRef={passkeysHeading}
        headingId={ids.passkeys}
        busy={busy}
        passkeys={overview.passkeys}
        onRename={(passkey) => openDialog(() => dispatch({ type: 'rename.opened', passkey }))}
        onRemove={(passkey) => openDialog(() => dispatch({ type: 'removal.opened', passkey }))}
        onAdd={overview.canAddPasskey && supportsPasskeys() ? () => void addPasskey(false) : undefined}
      />
      <DevicesSection
        pending={pending}
        headingRef={devicesHeading}
        headingId={ids.devices}
        busy={busy}
        devices={overview.devices}
        onRevoke={(device: SecurityDevice) =>
          void change(
            () => call(trustedDeviceRevoke, { query: { id: device.id } }),
            t('security.devices.revoked', { name: device.name }),
            focusHeading(devicesHeading),
            deviceButton(device.id),
          )
        }
        onRevokeOthers={() =>
          void change(
            () => call(trustedDevicesRevokeOthers),
            t('security.devices.othersRevoked'),
            focusHeading(devicesHeading),
            OTHER_DEVICES_BUTTON,
          )
        }
      />
      <SessionsSection
        pending={pending}
        headingRef={sessionsHeading}
        headingId={ids.sessions}
        busy={busy}
        sessions={overview.sessions}
        nameOf={nameOf}
        onEnd={(session: SecuritySession, name: string) =>
          void change(
            () => call(sessionEnd, { query: { id: session.id } }),
            t('security.sessions.ended', { name }),
            focusHeading(sessionsHeading),
            sessionButton(session.id),
          )
        }
        onEndOthers={() =>
          void change(
            () => call(sessionsEndOthers),
            t('security.sessions.othersEnded'),
            focusHeading(sessionsHeading),
            OTHER_SESSIONS_BUTTON,
          )
        }
      />
      <SignInsSection headingId={ids.signIns} signIns={overview.signIns} nameOf={nameOf} />
      <PasswordSection
        headingId={ids.password}
        email={email}
        linkMinutes={resetLinkMinutes}
        sent={state.passwordLinkSent}
        busy={busy}
        pending={pending}
        onSend={() => void sendPasswordLink()}
      />
      <a className={buttonClassName({ variant: 'link' }, styles.back)} href={backHref}>
        {t('security.back')}
      </a>
      <SecurityDialogs
        dialog={dialog}
        busy={busy}
        proofNotice={proofNotice}
        finalFocus={dialogFinalFocus}
        onClose={() => {
          setProofNotice(null);
          dispatch({ type: 'dialog.closed' });
        }}
        onInvalidName={() => {
          dispatch({ type: 'rename.invalid' });
          announce(t('security.passkeys.nameInvalid'), 'assertive');
        }}
        onRename={(name) => {
          if (dialog?.kind !== 'rename') return;
          void change(
            () => call(passkeyRename, { body: { id: dialog.passkey.id, name } }),
            t('security.passkeys.renamed', { name }),
          );
        }}
        onConfirmRemoval={() => {
          if (dialog?.kind === 'remove') void removePasskey(dialog.passkey);
        }}
        onPassword={(password) => {
          if (dialog?.kind === 'reauth') void reauthThen(dialog.purpose, password);
        }}
        onPasskey={
          overview.passkeys.length > 0 && supportsPasskeys()
            ? () => {
                if (dialog?.kind === 'reauth') void passkeyThen(dialog.purpose);
              }
            : undefined
        }
      />
      <LazyBiometricRestrictedDialog open={restricted} onClose={() => setRestricted(false)} />
    </Card>
  );
}
