import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@gatehouse/contract';
import { expectAnnounced, renderWithProviders, wholeText } from '../../../shared/testing/test-utils';
import { accessibleDescriptionOf } from '../../../shared/ui/test-intl';
import type { PinAttempts, PinVariant } from '../sign-in.machine';
import { PinScreen, RemainingAttemptsNotice } from './pin-screen';

function renderPin({
  variant = 'signIn',
  attempts = null,
}: { variant?: PinVariant; attempts?: PinAttempts | null } = {}) {
  const onSubmit = vi.fn();
  const onBack = vi.fn();
  renderWithProviders(
    <PinScreen
      email="jana@example.sk"
      variant={variant}
      attempts={attempts}
      submitting={false}
      problem={null}
      failures={0}
      onSubmit={onSubmit}
      onBack={onBack}
    />,
  );
  return { onSubmit, onBack, user: userEvent.setup() };
}

describe('remaining-attempts notice', () => {
  it.each([
    ['en', 1, 'You have 1 attempt left.'],
    ['en', 2, 'You have 2 attempts left.'],
    ['en', 5, 'You have 5 attempts left.'],
    ['sk', 1, 'Zostáva vám 1 pokus.'],
    ['sk', 2, 'Zostávajú vám 2 pokusy.'],
    ['sk', 5, 'Zostáva vám 5 pokusov.'],
    ['cs', 1, 'Zbývá vám 1 pokus.'],
    ['cs', 2, 'Zbývají vám 2 pokusy.'],
    ['cs', 5, 'Zbývá vám 5 pokusů.'],
  ] as const)(
    'says the attempts left in %s for %i with the right plural form',
    async (locale: Locale, remaining, text) => {
      renderWithProviders(<RemainingAttemptsNotice attempts={{ remaining, silentRemaining: 0 }} />, locale);
      expect(screen.getByText(text)).toBeTruthy();
      // A status: said once by the page's polite live region.
      await expectAnnounced(text, 'polite');
    },
  );

  it('stays hidden while silent attempts remain', () => {
    renderWithProviders(<RemainingAttemptsNotice attempts={{ remaining: 3, silentRemaining: 1 }} />);
    expect(screen.queryByText(/attempts? left/)).toBeNull();
  });

  it('stays hidden when no attempt remains and before the attempts are known', () => {
    renderWithProviders(
      <>
        <RemainingAttemptsNotice attempts={{ remaining: 0, silentRemaining: 0 }} />
        <RemainingAttemptsNotice attempts={null} />
      </>,
    );
    expect(screen.queryByText(/attempts? left/)).toBeNull();
  });
});

describe('PIN form', () => {
  it('shows the e-mail the code went to and a one-time-code field', () => {
    renderPin();
    expect(screen.getByRole('heading', { level: 1, name: 'Enter code' })).toBeTruthy();
    expect(
      screen.getByText(wholeText('We have sent a code to jana@example.sk. It is valid for 10 minutes.')),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Code' }).getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('displays a typed PIN in upper case', async () => {
    const { user } = renderPin();
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Code' });
    await user.type(field, 'ab3k9z');
    expect(field.value).toBe('AB3K9Z');
  });

  it('displays a pasted PIN in upper case without its spaces', async () => {
    const { user, onSubmit } = renderPin();
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Code' });
    await user.click(field);
    await user.paste(' abc 234 ');
    expect(field.value).toBe('ABC234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith('ABC234', false);
  });

  it("asks to 'Enter code' on an empty submit without sending anything", async () => {
    const { user, onSubmit } = renderPin();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const field = screen.getByRole('textbox', { name: 'Code' });
    expect(accessibleDescriptionOf(field)).toBe('Enter code');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['en', 'The code has 6 characters. Check it in the e-mail.'],
    ['sk', 'Kód má 6 znakov. Skontrolujte ho v e-maile.'],
    ['cs', 'Kód má 6 znaků. Zkontrolujte ho v e-mailu.'],
  ] as const)(
    'tells a code of another length (%s) without sending it, keeps it and sends it once whole',
    async (locale: Locale, message) => {
      const onSubmit = vi.fn();
      renderWithProviders(
        <PinScreen
          email="jana@example.sk"
          variant="recheckMandatory"
          attempts={null}
          submitting={false}
          problem={null}
          failures={0}
          onSubmit={onSubmit}
          onBack={vi.fn()}
        />,
        locale,
      );
      const user = userEvent.setup();
      const field = screen.getByRole<HTMLInputElement>('textbox');
      // Enter pressed after three characters.
      await user.type(field, 'ab3{Enter}');
      expect(accessibleDescriptionOf(field)).toBe(message);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(field);
      expect(field.value).toBe('AB3');
      // A key pressed twice: seven characters.
      await user.type(field, 'k9zz{Enter}');
      expect(accessibleDescriptionOf(field)).toBe(message);
      expect(onSubmit).not.toHaveBeenCalled();
      await user.type(field, '{Backspace}{Enter}');
      expect(onSubmit).toHaveBeenCalledWith('AB3K9Z', false);
      expect(onSubmit).toHaveBeenCalledTimes(1);
    },
  );

  it('offers to remember the device on a first PIN and sends the choice', async () => {
    const { user, onSubmit } = renderPin();
    const box = await screen.findByRole('checkbox', { name: "Don't show this prompt on this device again" });
    await user.click(box);
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'abc234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith('ABC234', true);
  });

  it('offers a way back to sign-in after the submit, reached with the keyboard, without sending the code', async () => {
    const { user, onSubmit, onBack } = renderPin({ variant: 'recheckMandatory' });
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'abc');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back to sign-in' }));
    await user.keyboard('{Enter}');
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(['recheckOptional', 'recheckMandatory'] as const)(
    'hides the remember-device checkbox on a recheck (%s)',
    async (variant) => {
      renderPin({ variant });
      expect(screen.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeTruthy();
      // Let a lazy chunk that should not be there have its chance to appear.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole('checkbox')).toBeNull();
    },
  );
});
