import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * A script chunk that has not loaded in 120 s is an error: the nearest error boundary shows the
 * internal error page with its reload (docs/requirements/app-shell.md). Every lazily loaded part
 * goes through here: the routes' flows, the sign-in's later screens and their lazy parts
 * (lazyWithTimeout), the API layer (shared/api/api-layer.ts), the message catalogues, the passkey
 * runtime, the device name and the security page's device names (loadChunk), where a chunk that
 * never comes is a failed ceremony, a device not remembered, or default device names.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeout extends Error {
  override readonly name = 'ChunkLoadTimeout';
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * Settles as `promise` does, or rejects with `timedOut()` once `timeoutMs` have passed; a rejection
 * of `promise` goes through `failed` (by default as it is, anything but an Error wrapped in one).
 * By default a late chunk: `ChunkLoadTimeout`. The bot check's engines use it with their own errors.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  {
    timedOut = () => new ChunkLoadTimeout(`Chunk did not load in ${timeoutMs} ms`),
    failed = asError,
  }: { timedOut?: () => Error; failed?: (error: unknown) => Error } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(failed(error));
      },
    );
  });
}

/** A module loaded on demand (`() => import('…')`), with the chunk time-out: it rejects after 120 s. */
export function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  return withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
}

/** React.lazy with the chunk time-out; a failure reaches the nearest error boundary. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's own
export function lazyWithTimeout<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): LazyExoticComponent<C> {
  return lazy(() => loadChunk(load));
}
