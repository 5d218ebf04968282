import { Suspense, lazy, useEffect, useId, useImperativeHandle, useState } from 'react';
import type { Ref } from 'react';
import { useForm } from 'react-hook-form';
import { showsRemainingAttempts } from '@gatehouse/contract';
import { useT } from '../../../shared/i18n';
import { Button, Card, Notice, PinField } from '../../../shared/ui';
import type { FormHandle } from '../form-handle';
import type { PinAttempts, PinProblem, PinVariant } from '../sign-in.machine';
import { PIN_PROBLEM_MESSAGES } from '../sign-in.messages';
import { ScreenTitle } from './screen-title';
import styles from './screens.module.css';

// Base UI's checkbox: loaded with the PIN form, never in the first view.
const RememberDeviceCheckbox = lazy(() => import('./remember-device-checkbox'));

interface PinValues {
  pin: string;
}

export interface PinScreenProps {
  email: string;
  variant: PinVariant;
  /** Null until the attempts have been read. */
  attempts: PinAttempts | null;
  submitting: boolean;
  problem: PinProblem | null;
  /** Changes with every failed submit, so the same message shows again. */
  failures: number;
  onSubmit: (pin: string, rememberDevice: boolean) => void;
  handle?: Ref<FormHandle>;
}

/** The remaining-attempts notice (spec section 9): only once the silent attempts are used up. */
export function RemainingAttemptsNotice({ attempts }: { attempts: PinAttempts | null }) {
  const t = useT();
  if (attempts === null) return null;
  const info = { pin_code_remaining_attempts: attempts.remaining, pin_code_remaining_silent_attempts: attempts.silentRemaining };
  if (!showsRemainingAttempts(info)) return null;
  return <Notice variant="info">{t('signIn.pin.remainingAttempts', { count: attempts.remaining })}</Notice>;
}

/** The PIN code form, first sign-in or periodic recheck (spec section 2). */
export function PinScreen({ email, variant, attempts, submitting, problem, failures, onSubmit, handle }: PinScreenProps) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const [rememberDevice, setRememberDevice] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    formState: { errors },
  } = useForm<PinValues>({ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: { pin: '' }, shouldFocusError: true });

  useImperativeHandle(handle, () => ({
    focusField: (field) => {
      if (field === 'pin') setFocus('pin');
    },
    resetField: (field) => {
      if (field === 'pin') resetField('pin', { defaultValue: '' });
    },
  }));

  useEffect(() => {
    if (problem !== null) setError('pin', { type: 'server', message: problem });
  }, [problem, failures, setError]);

  const code = errors.pin?.message;
  const pinError = code === 'invalid' || code === 'required' ? t(PIN_PROBLEM_MESSAGES[code]) : undefined;
  const offersRememberDevice = variant === 'signIn';
  const submit = handleSubmit((values) => onSubmit(values.pin.trim(), offersRememberDevice && rememberDevice));

  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId}>{t(variant === 'signIn' ? 'signIn.pin.title' : 'signIn.pin.recheckTitle')}</ScreenTitle>
      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby={titleId} aria-describedby={descriptionId}>
        <p id={descriptionId} className={styles.text}>
          {t('signIn.pin.description', { email })}
        </p>
        <RemainingAttemptsNotice attempts={attempts} />
        <PinField
          label={t('signIn.pin.label')}
          required
          error={pinError}
          {...register('pin', { validate: (value) => (value.trim().length > 0 ? true : 'required') })}
        />
        {offersRememberDevice && (
          <Suspense fallback={<div className={styles.checkboxPlaceholder} />}>
            <RememberDeviceCheckbox label={t('signIn.pin.rememberDevice')} checked={rememberDevice} onCheckedChange={setRememberDevice} />
          </Suspense>
        )}
        <Button type="submit" variant="filled" rounded fullWidth loading={submitting}>
          {t('signIn.pin.submit')}
        </Button>
      </form>
    </Card>
  );
}
