import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { WebauthnGetBody } from '@gatehouse/contract';
import { conditionalAssertion, getPasskeyOptions } from './lazy-passkeys';
import { startConditionalMediation } from './conditional-mediation';
import type { ConditionalMediation, ConditionalMediationDeps } from './conditional-mediation';
import { supportsConditionalMediation } from './support';

export const browserConditionalMediationDeps: ConditionalMediationDeps = {
  supportsConditionalMediation,
  getOptions: getPasskeyOptions,
  conditionalAssertion,
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface UseConditionalMediationOptions {
  /** A login view is shown and no sign-in is under way. */
  enabled: boolean;
  /** A new key starts a new request (e.g. another remembered account, or after a passkey attempt). */
  restartKey: string;
  userId?: string;
  onReady: () => void;
  /** See ConditionalMediationInput.onUnavailable. */
  onUnavailable?: () => void;
  onAsserted: (body: WebauthnGetBody) => void;
  deps?: ConditionalMediationDeps;
}

/**
 * Runs conditional mediation while `enabled`; aborts it when the view is left
 * (disabled, new key, unmount). Returns `abort`, for the passkey button to call
 * before its own ceremony.
 */
export function useConditionalMediation({
  enabled,
  restartKey,
  userId,
  onReady,
  onUnavailable,
  onAsserted,
  deps = browserConditionalMediationDeps,
}: UseConditionalMediationOptions): () => void {
  const current = useRef<ConditionalMediation | null>(null);
  const callbacks = useRef({ onReady, onUnavailable, onAsserted, deps });
  useLayoutEffect(() => {
    callbacks.current = { onReady, onUnavailable, onAsserted, deps };
  });

  useEffect(() => {
    if (!enabled) return;
    const mediation = startConditionalMediation(
      {
        ...(userId === undefined ? {} : { userId }),
        onReady: () => callbacks.current.onReady(),
        onUnavailable: () => callbacks.current.onUnavailable?.(),
        onAsserted: (body) => callbacks.current.onAsserted(body),
      },
      callbacks.current.deps,
    );
    current.current = mediation;
    return () => {
      mediation.abort();
      if (current.current === mediation) current.current = null;
    };
  }, [enabled, restartKey, userId]);

  return useCallback(() => current.current?.abort(), []);
}
