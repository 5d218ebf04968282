import { Suspense, useState } from 'react';
import { lazyWithTimeout } from '../chunks';
import type { BiometricRestrictedDialogProps } from './biometric-restricted-dialog';

const BiometricRestrictedDialog = lazyWithTimeout(() =>
  import('./biometric-restricted-dialog').then((m) => ({ default: m.BiometricRestrictedDialog })),
);

/**
 * The biometric-restricted dialog, fetched the first time it opens and kept
 * mounted after that, so closing it returns focus to where the user was.
 */
export function LazyBiometricRestrictedDialog(props: BiometricRestrictedDialogProps) {
  const [needed, setNeeded] = useState(props.open);
  if (props.open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <BiometricRestrictedDialog {...props} />
    </Suspense>
  );
}
