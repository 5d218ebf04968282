import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { APP_PAGES, sendsSignedInVisitorOn } from '@gatehouse/contract';

/** Route paths (inside the router's basename); the server knows the same pages (the contract's APP_PAGES). */
export const ROUTES = APP_PAGES;

/**
 * Only the sign-in route sends an already signed-in user on; the reset, registration and
 * secure-account routes work for anyone with a token, signed in or not, and the security
 * page is for the signed-in user (docs/decisions/0114-security-page.md).
 */
export function redirectsSignedInUser(pathname: string, basename: string): boolean {
  const path = (pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname).replace(/\/+$/, '');
  return sendsSignedInVisitorOn(path || ROUTES.signIn);
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

/** The security page, from outside the router (the default page's link, the sign-in redirect back). */
export const SECURITY_HREF = `${SIGN_IN_BASE_PATH}${ROUTES.security}`;

export function signInHref(redirect?: string): string {
  const query = redirect === undefined ? '' : `?${new URLSearchParams({ redirect }).toString()}`;
  return `${SIGN_IN_BASE_PATH}/${query}`;
}

/**
 * Navigation to the sign-in route, inside the router's base (the link pages' "Sign in"); the account a
 * link page names goes in the new history entry, where the sign-in flow reads it (handedEmail) and
 * starts with it.
 */
export function useGoToSignIn(): (email?: string) => void {
  const [, navigate] = useLocation();
  return useCallback((email?: string) => navigate(ROUTES.signIn, { state: { email } }), [navigate]);
}
