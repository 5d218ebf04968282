/** What the boot script (boot.ts) and the app say to each other on the page; kept apart so that the boot script stays small. */

/** The non-executable script element that carries a server-rendered page's payload (page-payload.ts). */
export const PAGE_PAYLOAD_ID = 'gatehouse-page';

/**
 * The event the app sends on the document once it has taken the server's page over (its first
 * commit): the boot script then does the presses and sendings it held meanwhile.
 */
export const APP_READY_EVENT = 'gatehouse:app-ready';

/**
 * The scripts of the lazy screens a server-rendered page shows (the PIN step, a recovery page), as
 * the server lists them on the payload's element (`data-modules`, paths under the page's base): the
 * boot script fetches them with the app, and the app has them before it hydrates, so that no part
 * of the painted screen waits for its code while the app starts (React would then render it again).
 */
export function pageModules(doc: Document): string[] {
  const list = doc.getElementById(PAGE_PAYLOAD_ID)?.getAttribute('data-modules') ?? '';
  return list
    .split(' ')
    .filter((file) => /^assets\/[\w.-]+\.js$/.test(file))
    .map((file) => new URL(file, doc.baseURI).href);
}
