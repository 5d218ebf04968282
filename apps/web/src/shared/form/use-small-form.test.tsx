import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSmallForm } from './use-small-form';

function TwoFields({
  onValid,
  onInvalid = () => undefined,
}: {
  onValid: (values: Record<'email' | 'password', string>) => void;
  onInvalid?: (first: 'email' | 'password') => void;
}) {
  const { register, handleSubmit, errors, resetField } = useSmallForm<'email' | 'password'>({
    defaultValues: { email: 'start@example.test', password: '' },
  });
  const required = (value: string) => (value.trim() === '' ? 'required' : true);
  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      <label>
        E-mail
        <input {...register('email', { validate: required })} aria-invalid={errors.email ? true : undefined} />
      </label>
      {errors.email && <p>email: {errors.email.message}</p>}
      <label>
        Password
        <input type="password" {...register('password', { validate: required })} />
      </label>
      {errors.password && <p>password: {errors.password.message}</p>}
      <button type="submit">Send</button>
      <button type="button" onClick={() => resetField('password')}>
        Clear password
      </button>
    </form>
  );
}

describe('the small form of the first view', () => {
  it('starts from the default values and shows no message before a field is left', async () => {
    render(<TwoFields onValid={vi.fn()} />);
    expect(screen.getByLabelText('E-mail')).toHaveProperty('value', 'start@example.test');
    await userEvent.click(screen.getByLabelText('Password'));
    expect(screen.queryByText(/password:/)).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('password: required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText(/password:/)).toBeNull();
  });

  it('checks every field on submit, names the first invalid one and sends nothing', async () => {
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    render(<TwoFields onValid={onValid} onInvalid={onInvalid} />);
    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('email: required')).toBeTruthy();
    expect(screen.getByText('password: required')).toBeTruthy();
    // Focus is the form's to move, after the messages are shown (useFailureReport).
    expect(onInvalid).toHaveBeenCalledExactlyOnceWith('email');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('hands the values over when every field passes', async () => {
    const onValid = vi.fn();
    render(<TwoFields onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'start@example.test', password: 'Secret-1' });
  });

  it('clears a field and its message on request, without checking the emptied field', async () => {
    render(<TwoFields onValid={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.tab();
    expect(screen.getByText('password: required')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear password' }));
    expect(screen.queryByText(/password:/)).toBeNull();
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Clear password' }));
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
    expect(screen.queryByText(/password:/)).toBeNull();
  });
});
