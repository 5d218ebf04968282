import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { Checkbox } from './checkbox';

const LABEL = "Don't show this prompt on this device again";

function Controlled({ onChange }: { onChange: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label={LABEL}
      checked={checked}
      onCheckedChange={(next) => {
        setChecked(next);
        onChange(next);
      }}
    />
  );
}

describe('Checkbox', () => {
  it('has its visible label as accessible name', () => {
    render(<Checkbox label={LABEL} />);
    expect(screen.getByRole('checkbox', { name: LABEL })).toBeTruthy();
  });

  it('toggles with the Space key and reports the new state', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    const checkbox = screen.getByRole('checkbox', { name: LABEL });

    await user.tab();
    expect(document.activeElement).toBe(checkbox);
    await user.keyboard(' ');
    expect(checkbox.getAttribute('aria-checked')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith(true);

    await user.keyboard(' ');
    expect(checkbox.getAttribute('aria-checked')).toBe('false');
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('toggles when its label text is clicked', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await userEvent.click(screen.getByText(LABEL));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('does not toggle when disabled', async () => {
    const onChange = vi.fn();
    render(<Checkbox label={LABEL} disabled onCheckedChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: LABEL }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('works with a react-hook-form Controller', async () => {
    const onValid = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm<{ rememberDevice: boolean }>({
        defaultValues: { rememberDevice: false },
      });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <Controller
            control={control}
            name="rememberDevice"
            render={({ field }) => (
              <Checkbox
                label={LABEL}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <button type="submit">Continue</button>
        </form>
      );
    }
    render(<Form />);
    await userEvent.click(screen.getByRole('checkbox', { name: LABEL }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ rememberDevice: true });
  });
});
