/**
 * Conditional mediation (passkeys in the autofill of the login views):
 * started on a login view, aborted when the view is left and after the server's
 * `timeout` seconds × 1000 ms. 'not found' means no passkey: no conditional request.
 * Every failure is swallowed: the password path must keep working.
 */
import type { z } from 'zod/mini';
import type { GetStructure, WebauthnGetAnswer, WebauthnGetBody } from '@gatehouse/contract';

export type GetOptionsAnswer = z.output<typeof WebauthnGetAnswer>;

export interface ConditionalMediationDeps {
  supportsConditionalMediation: () => Promise<boolean>;
  /** GET /api/webauthn/get[?userId]. */
  getOptions: (userId: string | undefined) => Promise<GetOptionsAnswer>;
  /** The structure mapped to request options, then navigator.credentials.get with mediation 'conditional' and the signal. */
  conditionalAssertion: (structure: GetStructure, signal: AbortSignal) => Promise<WebauthnGetBody>;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export interface ConditionalMediationInput {
  /** The remembered account's id on the remembered-user form; absent on the login form. */
  userId?: string;
  /** Options are there and the request is pending: a passkey can be used (the device-offer notification). */
  onReady: () => void;
  /** The request could not start (no support, no options, a failure before it was pending); not after an abort. */
  onUnavailable?: () => void;
  /** The user picked a passkey: the assertion, ready for POST /api/webauthn/get. */
  onAsserted: (body: WebauthnGetBody) => void;
}

export interface ConditionalMediation {
  /** Aborts the request (idempotent); nothing is reported after it. */
  abort: () => void;
  readonly signal: AbortSignal;
}

export function startConditionalMediation(
  input: ConditionalMediationInput,
  deps: ConditionalMediationDeps,
): ConditionalMediation {
  const controller = new AbortController();
  const { signal } = controller;
  let timer: unknown = null;
  const stopTimer = () => {
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
  };
  const abort = () => {
    stopTimer();
    if (!signal.aborted) controller.abort(new DOMException('Conditional mediation ended', 'AbortError'));
  };

  let ready = false;
  const unavailable = () => {
    if (!ready && !signal.aborted) input.onUnavailable?.();
  };
  void (async () => {
    try {
      if (!(await deps.supportsConditionalMediation())) return unavailable();
      if (signal.aborted) return;
      const answer = await deps.getOptions(input.userId);
      if (signal.aborted) return;
      if (answer.status !== 'ok' || answer.getStructure === undefined) return unavailable();
      // The server's bound in seconds; without it, the ceremony's own timeout (ms).
      const boundMs = answer.timeout !== undefined ? answer.timeout * 1000 : answer.getStructure.timeout;
      timer = deps.setTimeout(abort, boundMs);
      const pending = deps.conditionalAssertion(answer.getStructure, signal);
      ready = true;
      input.onReady();
      const body = await pending;
      if (signal.aborted) return;
      stopTimer();
      input.onAsserted(body);
    } catch {
      // No matching credential, aborted, options not available …: the password path goes on.
      stopTimer();
      unavailable();
    }
  })();

  return { abort, signal };
}
