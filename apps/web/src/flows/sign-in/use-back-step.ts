import { useEffect, useRef } from 'react';

/**
 * The browser's Back on a screen that a person takes for a page of its own (the forgot-password
 * form and its confirmation; docs/decisions/0179-back-from-forgot-password.md). While `open`, the
 * screen has a history entry of its own at the same address, so Back (the phone's back key,
 * Alt+Left, a swipe) calls `onBack`, which returns to the form the person came from, instead of
 * leaving the sign-in page with what was typed.
 *
 * The screen's own way back (Cancel, "Sign in") is the function returned: it steps back through
 * that entry when it is still there, so the history and the screen never disagree (a Back after
 * Cancel leaves the page, as it would have before the form was opened).
 */
export function useBackStep(open: boolean, onBack: () => void): () => void {
  // The entry this screen added: none (not added, or gone), the one the browser is on, or being
  // left (history.back() called, its popstate still to come: a second press must not step again,
  // which would leave the page; people double-click).
  const entry = useRef<'none' | 'current' | 'leaving'>('none');
  useEffect(() => {
    if (!open) {
      // Left another way (an entry may stay behind: same address, Back then changes nothing).
      entry.current = 'none';
      return;
    }
    // Once per opening, also when StrictMode runs the effect twice or `onBack` is a new function.
    if (entry.current === 'none') {
      history.pushState(history.state, '');
      entry.current = 'current';
    }
    const onPopState = () => {
      if (entry.current === 'none') return;
      entry.current = 'none';
      onBack();
    };
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, [open, onBack]);
  return () => {
    if (entry.current === 'current') {
      entry.current = 'leaving';
      history.back();
    } else if (entry.current === 'none') onBack();
  };
}
