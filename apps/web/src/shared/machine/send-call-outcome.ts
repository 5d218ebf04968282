/** How a failed call is told apart (shared/api): the page's own notice, or the global handler. */
export interface CallFailureDeps {
  /** True when a failure gets the page's own "temporarily unavailable" notice (no answer, app_error, a server fault). */
  isServiceUnavailable: (error: unknown) => boolean;
  handleGlobalFailure: (error: unknown) => void;
}

/** The events a machine's call effect sends back. */
export interface CallOutcomeEvents<A, E> {
  answered: (answer: A) => E;
  /** The page's own notice; without it every failure goes to the global handler. */
  unavailable?: E;
  /** Any other failure: the machine lets go, the global HTTP handler takes over. */
  abandoned: E;
}

/** Runs a machine's call effect: sends the answer, or what became of the call when it failed. */
export async function sendCallOutcome<A, E>(
  call: () => Promise<A>,
  events: CallOutcomeEvents<A, NoInfer<E>>,
  deps: CallFailureDeps,
  send: (event: E) => void,
): Promise<void> {
  try {
    send(events.answered(await call()));
  } catch (error) {
    if (events.unavailable !== undefined && deps.isServiceUnavailable(error)) {
      send(events.unavailable);
    } else {
      send(events.abandoned);
      deps.handleGlobalFailure(error);
    }
  }
}
