/**
 * The API layer on demand. The one client (call.ts) comes with the contract's schemas and zod, which
 * a server-rendered page needs only once a form is sent: they are not in the first view's script
 * (docs/decisions/0117-server-rendered-first-view.md, First-view bytes). `call` here loads the client
 * on first use; the app starts loading it as soon as it has hydrated (preloadApiLayer), so a form
 * sent then does not wait for it. Modules that load after the first view anyway (the later flows,
 * the passkey runtime) import call.ts itself: the client comes with their chunk, not a step later.
 */
import type { z } from 'zod/mini';
import type { Endpoint } from '@gatehouse/contract';
import { loadChunk } from '../chunks';
import { ApiFailure } from './api-failure';
import type { CallInput } from './call';

/**
 * A module of the API layer, loaded. A chunk that cannot be fetched, or has not arrived in the chunk
 * time-out, means the call got no answer at all: ApiFailure 'network' (the reaction a failed fetch of
 * the call itself has: the internal error page, whose reload also clears the browser's memory of
 * the failed chunk, which it would otherwise not fetch again).
 */
export async function loadApiModule<M>(load: () => Promise<M>, endpointId: string): Promise<M> {
  try {
    return await loadChunk(load);
  } catch {
    throw new ApiFailure('network', endpointId);
  }
}

const loadClient = () => import('./call');

/** The one HTTP client (call.ts), loaded on first use: the same answers and failures. */
export async function call<
  B extends z.ZodMiniType | undefined,
  Q extends z.ZodMiniType | undefined,
  A extends z.ZodMiniType,
>(endpoint: Endpoint<B, Q, A>, input?: CallInput<B, Q>): Promise<z.output<A>> {
  const client = await loadApiModule(loadClient, endpoint.id);
  return client.call(endpoint, input);
}

/** Starts loading the client (after hydration); a failure here is met again by the first call. */
export function preloadApiLayer(): void {
  void loadClient().catch(() => undefined);
}
