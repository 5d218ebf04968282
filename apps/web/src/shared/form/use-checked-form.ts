import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues } from 'react-hook-form';

/**
 * react-hook-form as the app's forms use it: a field is checked once it has been left (or, with
 * `checkFrom: 'submit'`, from the first submit on), then on every change; focus after a failed
 * submit is the screen's (FormScreen), not the library's. `errors` is at the top for reading.
 */
export function useCheckedForm<Values extends FieldValues>(
  defaultValues: DefaultValues<Values>,
  checkFrom: 'leave' | 'submit' = 'leave',
) {
  const methods = useForm<Values>({
    mode: checkFrom === 'leave' ? 'onTouched' : 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
    shouldFocusError: false,
  });
  return { ...methods, errors: methods.formState.errors };
}
