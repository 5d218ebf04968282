import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { TextField } from './text-field';
import { accessibleDescriptionOf } from './test-intl';

describe('TextField', () => {
  it('is labelled by its visible label', () => {
    render(<TextField label="Email address" type="email" autoComplete="email" />);
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the input invalid and describes it with the error message', () => {
    render(<TextField label="Email address" hint="As in your invitation" error="Enter valid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescriptionOf(input)).toBe('As in your invitation Enter valid email address');
  });

  it('works with react-hook-form register (ref, name, onChange)', async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit } = useForm<{ email: string }>();
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <TextField label="Email address" {...register('email')} />
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'jana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ email: 'jana@example.com' });
  });
});
