import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { PinField, normalizePin } from './pin-field';

function Controlled() {
  const [pin, setPin] = useState('');
  return <PinField label="Code" value={pin} onChange={(event) => setPin(event.target.value)} />;
}

describe('PinField', () => {
  it('is one input set up for one-time codes', () => {
    render(<PinField label="Code" />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('text');
    expect(input.getAttribute('autocapitalize')).toBe('characters');
    expect(input.getAttribute('spellcheck')).toBe('false');
  });

  it('upper-cases typed text', async () => {
    render(<Controlled />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Code' });
    await userEvent.type(input, 'ab12c');
    expect(input.value).toBe('AB12C');
  });

  it('upper-cases pasted text and drops its spaces', async () => {
    render(<Controlled />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Code' });
    await userEvent.click(input);
    await userEvent.paste(' xy 7k ');
    expect(input.value).toBe('XY7K');
  });

  it('hands the upper-cased value to react-hook-form', async () => {
    const onValid = vi.fn();
    function Form() {
      const { register, handleSubmit } = useForm<{ pin: string }>();
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <PinField label="Code" {...register('pin')} />
          <button type="submit">Continue</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'q1w2');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ pin: 'Q1W2' });
  });

  it('normalizePin removes whitespace and upper-cases', () => {
    expect(normalizePin(' ab\tc d\n')).toBe('ABCD');
  });
});
