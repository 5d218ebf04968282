import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PIN_STEP_COOKIE } from '@gatehouse/contract';
import { clearPinStep, readPinStep, savePinStep } from './pin-step-storage';

const marked = () => document.cookie.split('; ').includes(`${PIN_STEP_COOKIE}=1`);

describe('the PIN step kept for a reload', () => {
  // The cookie's path is the app's: the page is under it.
  beforeEach(() => window.history.replaceState(null, '', '/signin/'));
  afterEach(() => clearPinStep());

  it('keeps the step in this tab and tells the server with its cookie, and forgets both when the step ends', () => {
    savePinStep({ email: 'jana@example.test', variant: 'recheckOptional' });
    expect(readPinStep()).toEqual({ email: 'jana@example.test', variant: 'recheckOptional' });
    expect(marked()).toBe(true);
    clearPinStep();
    expect(readPinStep()).toBeNull();
    expect(marked()).toBe(false);
  });
});
