import { APP_PAGES } from '@gatehouse/contract';

/** Route paths (inside the router's basename); the server knows the same pages (the contract's APP_PAGES). */
export const ROUTES = APP_PAGES;

/**
 * Only the sign-in route sends an already signed-in user on; the reset, registration and
 * secure-account routes work for anyone with a token, signed in or not.
 */
export function redirectsSignedInUser(pathname: string, basename: string): boolean {
  const path = (pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname).replace(/\/+$/, '');
  return path !== ROUTES.resetPassword && path !== ROUTES.acceptInvitation && path !== ROUTES.secureAccount;
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
