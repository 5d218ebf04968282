import { describe, expect, it } from 'vitest';
import { CleanUpSchedule } from './clean-up-schedule.ts';

describe('the clean-up schedule', () => {
  it('is due at first, then once per interval by the clock it is given', () => {
    const schedule = new CleanUpSchedule(60_000);
    expect(schedule.due(1_000_000)).toBe(true);
    expect(schedule.due(1_000_000)).toBe(false);
    expect(schedule.due(1_059_999)).toBe(false);
    expect(schedule.due(1_060_000)).toBe(true);
    expect(schedule.due(1_060_001)).toBe(false);
  });

  it('is due at once when the clock was set back, then once per interval from there', () => {
    const schedule = new CleanUpSchedule(60_000);
    expect(schedule.due(10_000_000)).toBe(true);
    // Back by an hour: the clean-up does not wait an hour for the clock to catch up.
    expect(schedule.due(6_400_000)).toBe(true);
    expect(schedule.due(6_400_001)).toBe(false);
    expect(schedule.due(6_460_000)).toBe(true);
  });
});
