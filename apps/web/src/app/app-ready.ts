import { useEffect } from 'react';
import { APP_READY_EVENT } from './boot-signals';

/**
 * Renders nothing; its effect says that the app has taken the page over (the boot script's held presses
 * go then, and the boot script lets go of the page): on a page the server rendered and on one it did not.
 * The server renders it too (effects do not run there), beside the App as main.tsx does: a tree of
 * another shape would give every useId under the App another id than the markup has
 * (docs/decisions/0117-server-rendered-first-view.md).
 */
export function AppReady(): null {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}
