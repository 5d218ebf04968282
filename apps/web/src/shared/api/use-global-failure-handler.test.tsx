import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/test-utils';
import { ApiFailure } from './api-failure';
import { useServerError } from './server-error';
import { useGlobalFailureHandler } from './use-global-failure-handler';

const harness = { handle: (_error: unknown): void => undefined };

function Harness({ reload }: { reload: () => void }) {
  const handle = useGlobalFailureHandler({ reload });
  useEffect(() => {
    harness.handle = handle;
  }, [handle]);
  return useServerError().failed ? <p>internal error page</p> : null;
}

function setUp() {
  const reload = vi.fn();
  renderWithProviders(<Harness reload={reload} />);
  return { reload, fail: (error: unknown) => act(() => harness.handle(error)) };
}

describe('global HTTP handler in the app', () => {
  it('offers Reload in a network snackbar for 408', async () => {
    const { reload, fail } = setUp();
    fail(new ApiFailure('http', 'test', 408));
    expect(await screen.findByText('There is a problem with network connection.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('tells the wait in seconds or minutes for 429 and does not reload', async () => {
    const { reload, fail } = setUp();
    fail(new ApiFailure('http', 'test', 429, ['too_many_requests'], 1));
    expect(await screen.findByText('Too many attempts. Try again in 1 second.')).toBeTruthy();
    fail(new ApiFailure('http', 'test', 429, ['too_many_requests'], 300));
    expect(await screen.findByText('Too many attempts. Try again in 5 minutes.')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('says the service is busy for a 503 service_busy, keeps the page and does not reload', async () => {
    const { reload, fail } = setUp();
    fail(new ApiFailure('http', 'login', 503, ['service_busy'], 1));
    expect(await screen.findByText('The service is busy right now. Try again in a moment.')).toBeTruthy();
    expect(screen.queryByText('internal error page')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page for another 4xx', () => {
    const { reload, fail } = setUp();
    fail(new ApiFailure('http', 'test', 403));
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.queryByText('internal error page')).toBeNull();
  });

  it.each([
    ['a 5xx', new ApiFailure('http', 'test', 502)],
    ['no answer', new ApiFailure('network', 'test')],
    ['an unparsable answer', new ApiFailure('unparsable', 'test', 200)],
    ['app_error', new ApiFailure('app_error', 'test', 200, ['app_error'])],
  ])('shows the internal error page for %s', (_name, error) => {
    const { reload, fail } = setUp();
    fail(error);
    expect(screen.getByText('internal error page')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('says the wait in Slovak plural forms', async () => {
    const reload = vi.fn();
    renderWithProviders(<Harness reload={reload} />, 'sk');
    act(() => harness.handle(new ApiFailure('http', 'test', 429, [], 3)));
    expect(await screen.findByText('Príliš veľa pokusov. Skúste to znova o 3 sekundy.')).toBeTruthy();
  });
});
