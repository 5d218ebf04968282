import type { FormField } from './sign-in.machine';

/** What the machine's field effects reach on the screen shown (only one is mounted at a time). */
export interface FormHandle {
  resetField: (field: FormField) => void;
  /** On the forms with a password (login, remembered account): the snackbar's Activate puts focus there. */
  focusPassword?: () => void;
}
