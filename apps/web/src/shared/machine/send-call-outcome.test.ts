import { describe, expect, it, vi } from 'vitest';
import { sendCallOutcome } from './send-call-outcome';

type Event = { type: 'answered'; answer: number } | { type: 'noAnswer' } | { type: 'appError' } | { type: 'abandoned' };

const noAnswer = (error: unknown) => error instanceof TypeError;
const appError = (error: unknown) => error instanceof Error && error.message === 'app_error';

async function outcome(call: () => Promise<number>, abandoned: boolean = true) {
  const sent: Event[] = [];
  const handleGlobalFailure = vi.fn();
  await sendCallOutcome<number, Event>(
    call,
    {
      answered: (answer) => ({ type: 'answered', answer }),
      own: [
        [noAnswer, { type: 'noAnswer' }],
        [appError, { type: 'appError' }],
      ],
      ...(abandoned ? { abandoned: { type: 'abandoned' } as const } : {}),
    },
    { handleGlobalFailure },
    (event) => sent.push(event),
  );
  return { sent, global: handleGlobalFailure.mock.calls.map(([error]) => String(error)) };
}

describe('a call effect (sendCallOutcome)', () => {
  it('sends the answer', async () => {
    expect(await outcome(() => Promise.resolve(7))).toEqual({ sent: [{ type: 'answered', answer: 7 }], global: [] });
  });

  it('sends the first own reaction that holds, and leaves the global handler out', async () => {
    expect(await outcome(() => Promise.reject(new TypeError('offline')))).toEqual({
      sent: [{ type: 'noAnswer' }],
      global: [],
    });
    expect(await outcome(() => Promise.reject(new Error('app_error')))).toEqual({
      sent: [{ type: 'appError' }],
      global: [],
    });
  });

  it('lets the machine go, then hands any other failure to the global handler', async () => {
    expect(await outcome(() => Promise.reject(new Error('429')))).toEqual({
      sent: [{ type: 'abandoned' }],
      global: ['Error: 429'],
    });
  });

  it('sends nothing for another failure when the machine has nothing to let go', async () => {
    expect(await outcome(() => Promise.reject(new Error('429')), false)).toEqual({
      sent: [],
      global: ['Error: 429'],
    });
  });

  it('does not take a failure of the machine itself for a failed call', async () => {
    const handleGlobalFailure = vi.fn();
    const send = vi.fn(() => {
      throw new Error('a bug in the transition');
    });
    await expect(
      sendCallOutcome(() => Promise.resolve(1), { answered: () => 'answered' }, { handleGlobalFailure }, send),
    ).rejects.toThrow('a bug in the transition');
    expect(handleGlobalFailure).not.toHaveBeenCalled();
  });
});
