import { isNonEmptyText, isValidEmail } from '@gatehouse/contract';

/** A field's problem as a code; the screen turns it into a message from the catalogue when it renders. */
export type FieldProblem = 'required' | 'invalid_email';

/** The e-mail of the login and forgot-password forms: given, and an address. */
export const validateEmail = (value: string): FieldProblem | true =>
  !isNonEmptyText(value) ? 'required' : isValidEmail(value) ? true : 'invalid_email';

/** A password of spaces only is no password (no account can have one: the password rule asks for letters and a digit). */
export const validatePassword = (value: string): FieldProblem | true => (isNonEmptyText(value) ? true : 'required');
