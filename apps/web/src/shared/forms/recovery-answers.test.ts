import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api';
import { isServiceUnavailable } from './recovery-answers';

describe('the recovery forms\' own failure reaction', () => {
  it.each([
    ['no answer at all', new ApiFailure('network', 'resetPassword')],
    ['app_error', new ApiFailure('app_error', 'resetPassword', 200, ['app_error'])],
    ['a server fault', new ApiFailure('http', 'resetPassword', 500)],
    ['busy password hashing', new ApiFailure('http', 'register', 503, ['service_busy'], 5)],
  ])('shows the form notice for %s', (_what, error) => {
    expect(isServiceUnavailable(error)).toBe(true);
  });

  it.each([
    ['a 408 (network snackbar)', new ApiFailure('http', 'resetPassword', 408)],
    ['a 429 (wait snackbar)', new ApiFailure('http', 'forgotPassword', 429, ['too_many_requests'], 30)],
    ['another 4xx (reload)', new ApiFailure('http', 'resetPassword', 400, ['invalid_parameter'])],
    ['an answer outside the contract (error page)', new ApiFailure('unparsable', 'resetPassword', 200)],
    ['a programming error', new Error('bug')],
  ])('leaves %s to the global handler', (_what, error) => {
    expect(isServiceUnavailable(error)).toBe(false);
  });
});
