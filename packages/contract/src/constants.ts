/**
 * Plain values the browser's first view needs: the app's cookies and answer statuses. No schema here:
 * the first view uses these without loading zod (docs/decisions/0117-server-rendered-first-view.md,
 * First-view bytes).
 */

/**
 * The language cookie: set by the footer's language choice in the browser,
 * read by the server for a guest's language in user info (docs/decisions/0102-language-choice.md).
 */
export const LANGUAGE_COOKIE = 'gh_lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Set by the app while a tab shows the PIN step (a browser-session cookie, value `1`): a server-rendered
 * page then starts at that step when the session still waits for its PIN
 * (docs/decisions/0117-server-rendered-first-view.md).
 */
export const PIN_STEP_COOKIE = 'gh_pin_step';

/** 'not found' means no passkey is registered (for this user): the status of GET /api/webauthn/get. */
export const WEBAUTHN_NOT_FOUND = 'not found';
