/** Route paths (inside the router's basename) and the hrefs that lead to them. */
export const ROUTES = {
  signIn: '/',
  controlsDemo: '/tm-controls',
  snackbarDemo: '/tm-snackbar',
  /** `?token=` (required): set a new password from a reset link. */
  resetPassword: '/reset-password',
  /** `?token=&redirect=`: finish a registration from an invitation link. */
  acceptInvitation: '/accept-invitation',
} as const;

/**
 * Only the sign-in route sends an already signed-in user on; the reset and
 * registration routes work for anyone with a token, signed in or not.
 */
export function redirectsSignedInUser(pathname: string, basename: string): boolean {
  const path = (pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname).replace(/\/+$/, '');
  return path !== ROUTES.resetPassword && path !== ROUTES.acceptInvitation;
}

/**
 * The router's basename: the path of the page's `<base href>` with trailing
 * slashes removed, e.g. "/signin/" → "/signin".
 */
export function basenameFrom(baseUri: string): string {
  try {
    return new URL(baseUri).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** Absolute hrefs for links from outside the router (e.g. the legacy page). */
export const SIGN_IN_BASE_PATH = '/signin';

export function signInHref(redirect?: string): string {
  const query = redirect === undefined ? '' : `?${new URLSearchParams({ redirect }).toString()}`;
  return `${SIGN_IN_BASE_PATH}/${query}`;
}
