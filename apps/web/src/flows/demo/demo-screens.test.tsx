import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SnackbarProvider } from '../../shared/ui';
import { announcing, expectAnnounced } from '../../shared/testing/test-utils';
import { IntlWrapper } from '../../shared/ui/test-intl';
import { ControlsDemoScreen, SnackbarDemoScreen } from '.';

function Providers({ children }: { children: ReactNode }) {
  return (
    <IntlWrapper>
      <SnackbarProvider>{children}</SnackbarProvider>
    </IntlWrapper>
  );
}

describe('ControlsDemoScreen', () => {
  it('has one h1 and shows every control', () => {
    render(<ControlsDemoScreen />, { wrapper: Providers });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Controls']);
    expect(screen.getByRole('checkbox', { name: "Don't show this prompt on this device again" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Options for Jana Nováková' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Code from the email' })).toBeTruthy();
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0);
  });

  it('opens the demo dialog with its test ids', async () => {
    render(<ControlsDemoScreen />, { wrapper: Providers });
    await userEvent.click(screen.getByRole('button', { name: 'Open dialog' }));
    expect(await screen.findByRole('dialog', { name: 'Signing in using device is restricted' })).toBeTruthy();
    expect(screen.getByTestId('demo-dialog-confirm')).toBeTruthy();
  });
});

describe('SnackbarDemoScreen', () => {
  it('shows that hiding an old id leaves the new snackbar visible', async () => {
    render(<SnackbarDemoScreen />, { wrapper: Providers });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Snackbars']);
    await userEvent.click(screen.getByRole('button', { name: 'Hide an old snackbar by its id' }));
    await expectAnnounced('New snackbar. Hiding the old one by its id did not hide this one.', 'polite');
  });

  it('replaces the active snackbar, and only the one shown last is said', async () => {
    render(<SnackbarDemoScreen />, { wrapper: Providers });
    // Everything the polite region says from the click on.
    const region = document.querySelector('[data-announcer="polite"]') as HTMLElement;
    const said: string[] = [];
    const observer = new MutationObserver(() => region.textContent && said.push(region.textContent));
    observer.observe(region, { childList: true, subtree: true, characterData: true });
    await userEvent.click(screen.getByRole('button', { name: 'Replace the active snackbar' }));
    await expectAnnounced('Second snackbar. It replaced the first one.', 'polite');
    await waitFor(() => expect(announcing('polite')).toBe(false));
    observer.disconnect();
    // The first was replaced before it could be said, and is not on screen.
    expect(said).toEqual(['Second snackbar. It replaced the first one.']);
    expect(screen.queryByText('First snackbar.')).toBeNull();
  });
});
