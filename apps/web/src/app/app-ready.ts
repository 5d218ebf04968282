/**
 * The event the app sends on the document once it has taken the server's page over (its first
 * commit): the boot script then does the presses and sendings it held meanwhile (boot.ts).
 */
export const APP_READY_EVENT = 'gatehouse:app-ready';
