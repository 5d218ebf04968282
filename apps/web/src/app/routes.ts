/** Route paths (inside the router's basename) and the hrefs that lead to them. */
export const ROUTES = {
  signIn: '/',
  controlsDemo: '/tm-controls',
  snackbarDemo: '/tm-snackbar',
} as const;

/**
 * The router's basename: the path of the page's `<base href>` with trailing
 * slashes removed (spec section 2), e.g. "/signin/" → "/signin".
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
