/**
 * Work done after the answer has gone out (forgot password: look-up, token and mail), so that
 * the answer's content and timing cannot tell a known e-mail from an unknown one, nor a working
 * mail server from a broken one. Failures are handed to `onError` (logged), never thrown.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  run(task: () => Promise<void>): void {
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.onError(error))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
