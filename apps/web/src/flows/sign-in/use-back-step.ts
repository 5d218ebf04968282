import { useEffect, useEffectEvent, useRef } from 'react';

/** Marks the history entry a back step added (the state of that entry only; the address is the same). */
const MARK = 'gatehouseBackStep';
const onMarkedEntry = () => (history.state as Record<string, unknown> | null)?.[MARK] === true;

/**
 * The browser's Back on a screen that a person takes for a page of its own: the forgot-password
 * form and its confirmation (docs/decisions/0179-back-from-forgot-password.md). The first of them
 * to show adds a history entry at the same address, marked in its state; the next finds it there
 * and adds none. Back (the phone's back key, Alt+Left, a swipe) then lands on an unmarked entry and
 * calls the shown screen's `onBack`, which returns to the form the person came from, instead of
 * leaving the sign-in page with what was typed.
 *
 * The screen's own way back (Cancel, "Sign in") is the function returned: it steps back through
 * the marked entry when the browser is on it, so the history and the screen never disagree (a Back
 * after Cancel leaves the page, as it would have before the form was opened), and else calls
 * `onBack` itself. A second press before the browser has stepped back (a double click on a busy
 * phone) does nothing: stepping back twice would leave the page.
 */
export function useBackStep(onBack: () => void): () => void {
  const backFromHistory = useEffectEvent(onBack);
  const leaving = useRef(false);
  useEffect(() => {
    // Checked, not counted: StrictMode's second run, or the confirmation after the form, adds none.
    if (!onMarkedEntry()) history.pushState({ [MARK]: true }, '');
    const onPopState = () => {
      leaving.current = false;
      if (!onMarkedEntry()) backFromHistory();
    };
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, []);
  return () => {
    if (leaving.current) return;
    if (onMarkedEntry()) {
      leaving.current = true;
      history.back();
    } else onBack();
  };
}
