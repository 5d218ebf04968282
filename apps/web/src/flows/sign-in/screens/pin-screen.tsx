import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { PIN_LENGTH, showsRemainingAttempts } from '@gatehouse/contract';
import { lazyWithTimeout } from '../../../shared/chunks';
import { FormScreen, SubmitButton, useFormFailures } from '../../../shared/form/form-screen';
import { useCheckedForm } from '../../../shared/form/use-checked-form';
import { Message, useT } from '../../../shared/i18n';
import { Button, Notice } from '../../../shared/ui';
import { PinField } from '../../../shared/ui/pin-field';
import { Address } from '../../../shared/ui/address';
import type { PinAttempts, PinProblem, PinVariant } from '../sign-in.machine';
import { PIN_PROBLEM_MESSAGES } from '../sign-in.messages';
import styles from './screens.module.css';

// Base UI's checkbox: loaded with the PIN form, never in the first view.
const RememberDeviceCheckbox = lazyWithTimeout(() => import('./remember-device-checkbox'));

interface PinValues {
  pin: string;
}

export interface PinScreenProps {
  email: string;
  variant: PinVariant;
  /** Null until the attempts have been read. */
  attempts: PinAttempts | null;
  submitting: boolean;
  /** The last answer's problem; shown until the code is edited. */
  problem: PinProblem | null;
  /** Counts failed submits: each is reported once (focus or announcement), the same message too. */
  failures: number;
  /** False on a shared or public computer: no 'remember this device' (docs/decisions/0116-shared-computer.md). */
  offerRememberDevice?: boolean;
  onSubmit: (pin: string, rememberDevice: boolean) => void;
  /** "Back to sign-in": ends the step (another address, or the mail did not come). */
  onBack: () => void;
}

/** The remaining-attempts notice: shown only once the silent attempts are used up; a status, announced politely. */
export function RemainingAttemptsNotice({ attempts }: { attempts: PinAttempts | null }) {
  const t = useT();
  if (attempts === null) return null;
  const info = {
    pin_code_remaining_attempts: attempts.remaining,
    pin_code_remaining_silent_attempts: attempts.silentRemaining,
  };
  if (!showsRemainingAttempts(info)) return null;
  return (
    <Notice variant="info" announce>
      {t('signIn.pin.remainingAttempts', { count: attempts.remaining })}
    </Notice>
  );
}

/** The PIN code form, first sign-in or periodic recheck. */
export function PinScreen({
  email,
  variant,
  attempts,
  submitting,
  problem,
  failures,
  offerRememberDevice = true,
  onSubmit,
  onBack,
}: PinScreenProps) {
  const t = useT();
  const [rememberDevice, setRememberDevice] = useState(false);
  const { register, handleSubmit, errors } = useCheckedForm<PinValues>({ pin: '' }, 'submit');
  const { failed, server } = useFormFailures<'pin', PinProblem>(failures, { pin: problem ?? undefined });

  const code = errors.pin?.message ?? server.problemOf('pin');
  const pinError =
    code === 'length'
      ? t('signIn.pin.length', { count: PIN_LENGTH })
      : code === 'invalid' || code === 'required'
        ? t(PIN_PROBLEM_MESSAGES[code])
        : undefined;
  const offersRememberDevice = variant === 'signIn' && offerRememberDevice;
  // The same element while its inputs stay the same: on a page the server painted, the box's code
  // comes after the rest is hydrated, and a new element (any render of this screen, e.g. when the
  // remaining attempts arrive) would make React render the box again from its placeholder.
  const rememberDeviceLabel = t('signIn.pin.rememberDevice');
  const rememberDeviceBox = useMemo(
    () => (
      <Suspense fallback={<div className={styles.checkboxPlaceholder} />}>
        <RememberDeviceCheckbox
          label={rememberDeviceLabel}
          checked={rememberDevice}
          onCheckedChange={setRememberDevice}
        />
      </Suspense>
    ),
    [rememberDeviceLabel, rememberDevice],
  );
  // The code as it was sent, and the last failure looked at (below).
  const [sent, setSent] = useState<string | null>(null);
  const failuresSeen = useRef(failures);
  const submit = handleSubmit((values) => {
    setSent(values.pin);
    onSubmit(values.pin.trim(), offersRememberDevice && rememberDevice);
  }, failed.refused);
  // A code the server refused is typed anew as a whole: once the mistake has been reported
  // (FormScreen's effect runs first: focus is in the field, or the message was said there), the
  // refused code is selected, so the next key typed replaces it instead of being added to it
  // (docs/decisions/0010-focus-and-announcements.md). Not when the person has typed since sending it
  // (those keys stay), nor when focus is elsewhere, nor for a code of another length, which the form
  // refuses itself and the person goes on typing.
  useEffect(() => {
    if (failuresSeen.current === failures) return;
    failuresSeen.current = failures;
    const active = document.activeElement;
    if (problem !== 'invalid' || !(active instanceof HTMLInputElement) || active.name !== 'pin') return;
    if (active.value === sent) active.select();
  }, [failures, problem, sent]);

  return (
    <FormScreen
      title={t(variant === 'signIn' ? 'signIn.pin.title' : 'signIn.pin.recheckTitle')}
      pageTitle={t('signIn.pin.pageTitle')}
      styles={styles}
      description={<Message id="signIn.pin.description" values={{ email: <Address>{email}</Address> }} />}
      onSubmit={submit}
      failureKey={failed.key}
      fieldMessages={{ pin: pinError }}
    >
      <RemainingAttemptsNotice attempts={attempts} />
      <PinField
        label={t('signIn.pin.label')}
        required
        error={pinError}
        {...register('pin', {
          // A code of another length cannot be the mailed one (Enter pressed too early, a key
          // pressed twice): said here, not sent, so no attempt is spent on it.
          validate: (value) => {
            const typed = value.trim();
            if (typed.length === 0) return 'required';
            return typed.length === PIN_LENGTH ? true : 'length';
          },
          onChange: () => server.edited('pin'),
        })}
      />
      {offersRememberDevice && rememberDeviceBox}
      <SubmitButton busy={submitting}>{t('signIn.pin.submit')}</SubmitButton>
      <Button variant="link" className={styles.start} onClick={onBack}>
        {t('signIn.pin.back')}
      </Button>
    </FormScreen>
  );
}
