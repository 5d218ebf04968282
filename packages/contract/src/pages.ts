/**
 * Where the app lives: the path of its `<base href>` (the web build's `base` in apps/web/vite.config.ts
 * says the same) and the prefix the server serves it under.
 */
export const APP_BASE = '/signin/';

/**
 * The app's pages as paths inside APP_BASE: the app's routes, and the pages the server sends an old
 * or hand-typed link to (`/reset-password?token=…` → `/signin/reset-password?token=…`).
 */
export const APP_PAGES = {
  signIn: '/',
  controlsDemo: '/tm-controls',
  snackbarDemo: '/tm-snackbar',
  /** `?token=` (required): set a new password from a reset link. */
  resetPassword: '/reset-password',
  /** `?token=&redirect=`: finish a registration from an invitation link. */
  acceptInvitation: '/accept-invitation',
  /** `?token=` (required): secure the account from a "Wasn't you?" mail (docs/decisions/0115-wasnt-you-mail.md). */
  secureAccount: '/secure-account',
  /** The signed-in account's passkeys, trusted devices, sessions and latest sign-ins (docs/decisions/0114-security-page.md). */
  security: '/security',
} as const;

/**
 * Pages that send an already signed-in visitor on to the redirect target (the server answers them
 * with a redirect before any HTML; docs/decisions/0117-server-rendered-first-view.md). The reset,
 * registration and secure-account pages work for anyone with a token; the security page is for the
 * signed-in visitor. One exception, known once the page's link is checked (`linkWorks`): a
 * registration link that no longer works sends a signed-in visitor on, for it is most likely their
 * own, used already (docs/decisions/0177-used-registration-link-signed-in.md; the app's check of the
 * link does the same with the token-link machine's `steps.signsIn`).
 */
export function sendsSignedInVisitorOn(page: string, linkWorks?: boolean): boolean {
  if (page === APP_PAGES.acceptInvitation) return linkWorks === false;
  return page !== APP_PAGES.resetPassword && page !== APP_PAGES.secureAccount && page !== APP_PAGES.security;
}

/** The page inside APP_BASE a path names ('/signin/reset-password/' → '/reset-password'; '/signin/' → '/'). */
export function appPageOf(pathname: string): string {
  const base = APP_BASE.slice(0, -1);
  const inside = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  return inside.replace(/\/+$/, '') || APP_PAGES.signIn;
}
