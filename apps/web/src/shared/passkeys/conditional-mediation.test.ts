import { describe, expect, it, vi } from 'vitest';
import type { WebauthnGetBody } from '@gatehouse/contract';
import { startConditionalMediation } from './conditional-mediation';
import type { ConditionalMediationDeps, GetOptionsAnswer } from './conditional-mediation';

const GET_STRUCTURE = {
  challenge: 'Y2hhbGxlbmdl',
  timeout: 60000,
  relyingPartyId: 'localhost',
  userVerification: 'required',
  allowCredentials: [],
};
const OK: GetOptionsAnswer = { status: 'ok', getStructure: GET_STRUCTURE, timeout: 300 };
const BODY: WebauthnGetBody = {
  id: 'aWQ',
  type: 'public-key',
  rawId: 'aWQ',
  response: { clientDataJSON: 'Yw', authenticatorData: 'YQ', signature: 'cw' },
};

/** A conditional request that stays pending until aborted (as in a real browser) or resolved by the test. */
function pendingAssertion() {
  let resolve: (body: WebauthnGetBody) => void = () => undefined;
  const signals: AbortSignal[] = [];
  const conditionalAssertion = vi.fn((_options: unknown, signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<WebauthnGetBody>((res, reject) => {
      resolve = res;
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  });
  return { conditionalAssertion, signals, resolve: (body: WebauthnGetBody) => resolve(body) };
}

function deps(overrides: Partial<ConditionalMediationDeps> = {}): ConditionalMediationDeps {
  return {
    supportsConditionalMediation: async () => true,
    getOptions: vi.fn(async () => OK),
    conditionalAssertion: vi.fn(() => new Promise<WebauthnGetBody>(() => undefined)),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    ...overrides,
  };
}

describe('conditional mediation', () => {
  it('asks for the options of the remembered account and starts a conditional request with them', async () => {
    const assertion = pendingAssertion();
    const d = deps({ conditionalAssertion: assertion.conditionalAssertion });
    const onReady = vi.fn();
    startConditionalMediation({ userId: 'u1', onReady, onAsserted: vi.fn() }, d);
    await vi.waitFor(() => expect(onReady).toHaveBeenCalledOnce());
    expect(d.getOptions).toHaveBeenCalledWith('u1');
    expect(assertion.conditionalAssertion.mock.calls[0]?.[0]).toEqual(GET_STRUCTURE);
  });

  it('reports the assertion the user picked from the autofill', async () => {
    const assertion = pendingAssertion();
    const onAsserted = vi.fn();
    startConditionalMediation(
      { onReady: vi.fn(), onAsserted },
      deps({ conditionalAssertion: assertion.conditionalAssertion }),
    );
    await vi.waitFor(() => expect(assertion.conditionalAssertion).toHaveBeenCalled());
    assertion.resolve(BODY);
    await vi.waitFor(() => expect(onAsserted).toHaveBeenCalledWith(BODY));
  });

  it("starts no conditional request when the server answers 'not found'", async () => {
    const d = deps({ getOptions: vi.fn(async () => ({ status: 'not found' })) });
    const onReady = vi.fn();
    startConditionalMediation({ userId: 'u1', onReady, onAsserted: vi.fn() }, d);
    await vi.waitFor(() => expect(d.getOptions).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(d.conditionalAssertion).not.toHaveBeenCalled();
    expect(onReady).not.toHaveBeenCalled();
  });

  it('asks nothing of the server when the browser has no conditional mediation', async () => {
    const d = deps({ supportsConditionalMediation: async () => false });
    startConditionalMediation({ onReady: vi.fn(), onAsserted: vi.fn() }, d);
    await new Promise((r) => setTimeout(r, 0));
    expect(d.getOptions).not.toHaveBeenCalled();
    expect(d.conditionalAssertion).not.toHaveBeenCalled();
  });

  it('aborts the pending request when told to, and reports nothing after that', async () => {
    const assertion = pendingAssertion();
    const onAsserted = vi.fn();
    const mediation = startConditionalMediation(
      { onReady: vi.fn(), onAsserted },
      deps({ conditionalAssertion: assertion.conditionalAssertion }),
    );
    await vi.waitFor(() => expect(assertion.signals).toHaveLength(1));
    mediation.abort();
    expect(assertion.signals[0]?.aborted).toBe(true);
    assertion.resolve(BODY);
    await new Promise((r) => setTimeout(r, 0));
    expect(onAsserted).not.toHaveBeenCalled();
  });

  it("aborts the request after the server's timeout in seconds times 1000 ms", async () => {
    const assertion = pendingAssertion();
    const timers: { run: () => void; ms: number }[] = [];
    const d = deps({
      conditionalAssertion: assertion.conditionalAssertion,
      getOptions: async () => ({ ...OK, timeout: 120 }),
      setTimeout: (run, ms) => timers.push({ run, ms }),
      clearTimeout: () => undefined,
    });
    startConditionalMediation({ onReady: vi.fn(), onAsserted: vi.fn() }, d);
    await vi.waitFor(() => expect(assertion.signals).toHaveLength(1));
    expect(timers.map((t) => t.ms)).toEqual([120_000]);
    expect(assertion.signals[0]?.aborted).toBe(false);
    timers[0]?.run();
    expect(assertion.signals[0]?.aborted).toBe(true);
  });

  it('does not start the request when it was aborted while the options were on their way', async () => {
    let answer: (value: GetOptionsAnswer) => void = () => undefined;
    const d = deps({ getOptions: () => new Promise((resolve) => (answer = resolve)) });
    const mediation = startConditionalMediation({ onReady: vi.fn(), onAsserted: vi.fn() }, d);
    await vi.waitFor(() => expect(answer).not.toBe(undefined));
    await new Promise((r) => setTimeout(r, 0));
    mediation.abort();
    answer(OK);
    await new Promise((r) => setTimeout(r, 0));
    expect(d.conditionalAssertion).not.toHaveBeenCalled();
  });

  it('swallows a rejected request (no matching credential) and a failed options call', async () => {
    const onAsserted = vi.fn();
    const rejected = deps({
      conditionalAssertion: async () => Promise.reject(new DOMException('none', 'NotAllowedError')),
    });
    const failed = deps({ getOptions: async () => Promise.reject(new Error('network')) });
    startConditionalMediation({ onReady: vi.fn(), onAsserted }, rejected);
    startConditionalMediation({ onReady: vi.fn(), onAsserted }, failed);
    await new Promise((r) => setTimeout(r, 10));
    expect(onAsserted).not.toHaveBeenCalled();
  });
});
