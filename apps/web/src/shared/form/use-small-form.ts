import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';

/** A field's problem as a code (the screen turns it into a message), or true when valid. */
export type Validate = (value: string) => string | true;

export interface FieldError {
  /** The problem code its rule returned (named as react-hook-form names it). */
  message: string;
}

export interface RegisteredField {
  name: string;
  defaultValue: string;
  ref: (element: HTMLInputElement | null) => void;
  onChange: () => void;
  onBlur: () => void;
}

/**
 * The first view's forms (login and remembered-user: one or two text fields)
 * with react-hook-form's behaviour in the part they use: uncontrolled inputs,
 * `mode: 'onTouched'` (a field is checked once it has been left, then on every
 * change; all fields on submit), the first invalid field handed to the
 * caller (who moves focus once the messages are shown: useFailureReport).
 * The server's answers are the screen's to show (useAnswerProblems). react-hook-form (11 KiB brotli) stays for the
 * other forms, which are lazy (docs/decisions/0009-first-view-forms-and-chunks.md).
 */
export function useSmallForm<Name extends string>(options: { defaultValues: Record<Name, string> }) {
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const rules = useRef(new Map<Name, Validate>());
  const touched = useRef(new Set<Name>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<Name, FieldError>>>({});
  const defaults = useRef(options.defaultValues);

  const valueOf = useCallback((name: Name): string => inputs.current.get(name)?.value ?? defaults.current[name], []);

  const check = useCallback(
    (name: Name): FieldError | undefined => {
      const rule = rules.current.get(name);
      const outcome = rule ? rule(valueOf(name)) : true;
      return outcome === true ? undefined : { message: outcome };
    },
    [valueOf],
  );

  const update = useCallback((name: Name, error: FieldError | undefined) => {
    setErrors((current) => {
      if (current[name]?.message === error?.message) return current;
      const next = { ...current };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  }, []);

  /** `onChange` runs after the field's own check (e.g. to hide a server message once the field is edited). */
  const register = (name: Name, rule: { validate: Validate; onChange?: () => void }): RegisteredField => {
    rules.current.set(name, rule.validate);
    return {
      name,
      defaultValue: defaults.current[name],
      ref: (element) => {
        if (element) inputs.current.set(name, element);
        else inputs.current.delete(name);
      },
      onChange: () => {
        if (touched.current.has(name) || submitted.current) update(name, check(name));
        rule.onChange?.();
      },
      onBlur: () => {
        touched.current.add(name);
        update(name, check(name));
      },
    };
  };

  const handleSubmit =
    (onValid: (values: Record<Name, string>) => void, onInvalid?: (firstInvalid: Name) => void) =>
    (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const names = [...rules.current.keys()];
      const found = names.map((name) => [name, check(name)] as const);
      for (const [name, error] of found) update(name, error);
      const firstInvalid = found.find(([, error]) => error !== undefined)?.[0];
      if (firstInvalid !== undefined) {
        onInvalid?.(firstInvalid);
        return;
      }
      onValid(Object.fromEntries(names.map((name) => [name, valueOf(name)])) as Record<Name, string>);
    };

  return {
    register,
    handleSubmit,
    errors,
    getValues: valueOf,
    setFocus: useCallback((name: Name) => inputs.current.get(name)?.focus(), []),
    resetField: useCallback(
      (name: Name) => {
        const input = inputs.current.get(name);
        if (input) input.value = '';
        touched.current.delete(name);
        update(name, undefined);
      },
      [update],
    ),
  };
}
