import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/test-utils';
import { FormScreen } from './form-screen';

function renderForm() {
  renderWithProviders(
    <FormScreen title="Sign in" styles={{}} onSubmit={vi.fn()} failureKey="0" fieldMessages={{}}>
      <input aria-label="Email" />
      <button type="button" role="checkbox" aria-checked="false">
        Shared computer
      </button>
      <button type="submit">
        <span>Sign in</span>
      </button>
      <button type="button">Forgot password?</button>
    </FormScreen>,
  );
}

describe('form screen', () => {
  it("keeps focus where it is while one of the form's buttons is pressed with a pointer", () => {
    renderForm();
    // fireEvent returns false when the event's default (focus moving to the button) was prevented.
    expect(fireEvent.mouseDown(screen.getByText('Sign in', { selector: 'span' }))).toBe(false);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Forgot password?' }))).toBe(false);
  });

  it('lets a box to tick and a field take focus as usual', () => {
    renderForm();
    expect(fireEvent.mouseDown(screen.getByRole('checkbox', { name: 'Shared computer' }))).toBe(true);
    expect(fireEvent.mouseDown(screen.getByRole('textbox', { name: 'Email' }))).toBe(true);
  });
});
