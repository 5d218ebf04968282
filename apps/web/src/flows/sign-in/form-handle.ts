import type { FormField } from './sign-in.machine';

/** What the machine's field effects reach on the screen shown (only one is mounted at a time). */
export interface FormHandle {
  focusField: (field: FormField) => void;
  resetField: (field: FormField) => void;
}
