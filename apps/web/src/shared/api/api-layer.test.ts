import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../chunks';
import { isApiFailure } from './api-failure';
import { loadApiModule } from './api-layer';
import { globalReaction } from './global-failure';

afterEach(() => {
  vi.useRealTimers();
});

describe('loading the API layer', () => {
  it('gives the module once it has arrived', async () => {
    await expect(loadApiModule(() => Promise.resolve({ call: 'here' }), 'user.login')).resolves.toEqual({
      call: 'here',
    });
  });

  it('is a call without an answer when the chunk fails: the internal error page, whose reload fetches it anew', async () => {
    const failure = await loadApiModule(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      'user.login',
    ).catch((e: unknown) => e);
    expect(isApiFailure(failure) && failure.kind).toBe('network');
    expect(globalReaction(failure)).toEqual({ type: 'serverError' });
  });

  it('is the same when the chunk has not arrived at the chunk time-out, and not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    void loadApiModule(() => new Promise(() => {}), 'user.login').then(
      (value) => (settled = value),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(isApiFailure(settled) && settled.kind).toBe('network');
  });
});
