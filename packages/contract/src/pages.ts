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
