/** Where a failure the page does not answer itself goes: the global HTTP handler (shared/api). */
export interface CallFailureDeps {
  handleGlobalFailure: (error: unknown) => void;
}

/** A failure the page answers itself: when `when` holds for the error, the machine gets `event`. */
export type OwnReaction<E> = readonly [when: (error: unknown) => boolean, event: E];

/** The events a machine's call effect sends back. */
export interface CallOutcomeEvents<A, E> {
  answered: (answer: A) => E;
  /** The page's own reactions to a failure, in order: the first that holds is sent, and the global handler stays out. */
  own?: readonly OwnReaction<E>[];
  /**
   * Any other failure goes to the global HTTP handler; the machine is told with this event (when
   * given) so that the form can be used again.
   */
  abandoned?: E;
}

/**
 * Runs a machine's call effect: sends the answer, or what became of the call when it failed: the
 * page's own reaction, else the global HTTP handler (after the machine has let go).
 */
export async function sendCallOutcome<A, E>(
  call: () => Promise<A>,
  events: CallOutcomeEvents<A, NoInfer<E>>,
  deps: CallFailureDeps,
  send: (event: E) => void,
): Promise<void> {
  let answer: A;
  try {
    answer = await call();
  } catch (error) {
    const own = events.own?.find(([when]) => when(error));
    if (own) {
      send(own[1]);
      return;
    }
    if (events.abandoned !== undefined) send(events.abandoned);
    deps.handleGlobalFailure(error);
    return;
  }
  send(events.answered(answer));
}
