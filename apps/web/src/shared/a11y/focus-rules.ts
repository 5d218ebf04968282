/**
 * The focus rules as plain DOM functions (docs/decisions/0010-focus-and-announcements.md).
 */

const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'image',
  'file',
  'range',
  'color',
  'hidden',
]);

/** An element a person types into (or picks from): moving focus away from it would lose their place. */
function isTextEntry(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || element.isContentEditable;
}

/** Marks the snackbar: its action is a control of the screen (Skip, Activate, Reload), like those in main. */
export const SNACKBAR_ATTRIBUTE = 'data-snackbar';

/**
 * May a new screen take focus from where it is now? Yes when focus is nowhere (the control the
 * person used has gone with the old screen), on a control of the page's main part or on a
 * snackbar's action (its outcome is the new screen); no when the person is in a text field, or
 * elsewhere outside main (the footer's language choice, a dialog).
 */
export function mayMoveFocusToScreen(active: Element | null): boolean {
  if (active === null || active === document.body || active === document.documentElement || !active.isConnected)
    return true;
  if (isTextEntry(active)) return false;
  return active.closest(`main, [${SNACKBAR_ATTRIBUTE}]`) !== null;
}

/**
 * A failed submit: focus goes to what describes the failure, or the message is announced.
 * - a field in error: it takes focus and is read with its error (its description); if the person
 *   is already in it, moving focus would say nothing, so the message is announced instead;
 * - a form's notice (the error summary): it takes focus, unless the person is in a text field,
 *   which is never taken from them: then the message is announced.
 * Exactly one of the two happens, so each mistake is heard once.
 */
export function reportFailure(target: HTMLElement, message: string, announce: (message: string) => void): void {
  const active = document.activeElement;
  const isField = isTextEntry(target);
  if (active === target || (!isField && isTextEntry(active))) announce(message);
  else target.focus();
}
