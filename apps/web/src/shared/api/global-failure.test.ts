import { describe, expect, it } from 'vitest';
import { ApiFailure } from './api-failure';
import { DEFAULT_RETRY_AFTER_S, globalReaction, isServiceUnavailable, waitInUnits } from './global-failure';

const http = (status: number, retryAfterS: number | null = null) =>
  new ApiFailure('http', 'test', status, [], retryAfterS);

describe('the global HTTP handler', () => {
  it('shows the network snackbar for 408', () => {
    expect(globalReaction(http(408))).toEqual({ type: 'networkSnackbar' });
  });

  it('shows the wait from Retry-After for 429 instead of reloading', () => {
    expect(globalReaction(http(429, 42))).toEqual({ type: 'waitSnackbar', waitS: 42 });
    expect(globalReaction(http(429))).toEqual({ type: 'waitSnackbar', waitS: DEFAULT_RETRY_AFTER_S });
  });

  it.each([400, 401, 403, 404, 413, 415])('reloads the page for any other 4xx (%i)', (status) => {
    expect(globalReaction(http(status))).toEqual({ type: 'reload' });
  });

  it.each([500, 502, 503])('shows the internal error page for %i', (status) => {
    expect(globalReaction(http(status))).toEqual({ type: 'serverError' });
  });

  it('says the service is busy for a 503 service_busy instead of the error page', () => {
    expect(globalReaction(new ApiFailure('http', 'login', 503, ['service_busy'], 1))).toEqual({ type: 'busySnackbar' });
    expect(globalReaction(new ApiFailure('http', 'login', 503, ['service_busy']))).toEqual({ type: 'busySnackbar' });
  });

  it('shows the internal error page when there is no status, an unparsable answer, app_error or an unknown error', () => {
    expect(globalReaction(new ApiFailure('network', 'test'))).toEqual({ type: 'serverError' });
    expect(globalReaction(new ApiFailure('unparsable', 'test', 200))).toEqual({ type: 'serverError' });
    expect(globalReaction(new ApiFailure('app_error', 'test', 200, ['app_error']))).toEqual({ type: 'serverError' });
    expect(globalReaction(new Error('bug'))).toEqual({ type: 'serverError' });
  });
});

describe('waitInUnits', () => {
  it('says seconds under a minute and whole minutes, rounded up, from a minute on', () => {
    expect(waitInUnits(1)).toEqual({ unit: 'seconds', seconds: 1 });
    expect(waitInUnits(59)).toEqual({ unit: 'seconds', seconds: 59 });
    expect(waitInUnits(60)).toEqual({ unit: 'minutes', minutes: 1 });
    expect(waitInUnits(61)).toEqual({ unit: 'minutes', minutes: 2 });
    expect(waitInUnits(0)).toEqual({ unit: 'seconds', seconds: 1 });
  });
});

describe("a call's own failure reaction (set password, new token, sign-out)", () => {
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
