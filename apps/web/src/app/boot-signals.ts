/** What the boot script (boot.ts) and the app say to each other on the page; kept apart so that the boot script stays small. */

/** The non-executable script element that carries a server-rendered page's payload (page-payload.ts). */
export const PAGE_PAYLOAD_ID = 'gatehouse-page';

/**
 * The event the app sends on the document once it has taken the server's page over (its first
 * commit): the boot script then does the presses and sendings it held meanwhile.
 */
export const APP_READY_EVENT = 'gatehouse:app-ready';
