/**
 * Redirect safety (docs/decisions/0004-redirect-safety.md): one function for app and server.
 *
 * The `redirect` query parameter is read once with URLSearchParams (one
 * decode) by the caller; this function never decodes again. What it judges is
 * the value the browser will finally navigate to: the input is parsed with the
 * URL API against the app's origin (which resolves dot segments, encoded dots
 * and backslashes as a browser does), and the result is checked again after
 * that normalisation. Allowed targets:
 * - a path on the app's own origin, returned as path, query and hash. The
 *   returned path starts with exactly one "/" (never "//" or "/\", which a
 *   browser would read as another host) and resolves, against any page of the
 *   app, to the very URL that was checked;
 * - an absolute http(s) URL without credentials whose origin is on the
 *   allowlist, returned in its normalised (serialised) form.
 * Anything else — including input with control characters, backslashes or
 * surrounding white space, which browsers strip or rewrite before parsing —
 * gives the default page.
 */
import { APP_PAGES, appPageOf } from './pages.ts';

export const DEFAULT_PAGE = '/';
export const REDIRECT_MAX_LENGTH = 2048;

export interface RedirectPolicy {
  /** The app's own origin, e.g. "http://localhost:8080". */
  appOrigin: string;
  /** Exact origins (scheme://host[:port]) that may also be targets. */
  allowlist?: readonly string[];
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * True when `path` can only mean a path on the app's origin: one leading "/",
 * not followed by "/" or "\", and resolving back to `expected` exactly.
 */
function isUnambiguousPath(path: string, appOrigin: string, expected: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  try {
    return new URL(path, appOrigin).href === expected;
  } catch {
    return false;
  }
}

/** A same-origin target as path, query and hash; null when normalisation leaves something a browser could read as another host. */
function sameOriginPath(url: URL, appOrigin: string): string | null {
  if (url.origin !== appOrigin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isUnambiguousPath(path, appOrigin, url.href) ? path : null;
}

/**
 * Returns the target to navigate to: a same-origin path (path, query and
 * hash) or an allowlisted absolute URL; DEFAULT_PAGE when the input is
 * missing or unsafe.
 */
export function safeRedirect(raw: string | null | undefined, policy: RedirectPolicy): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > REDIRECT_MAX_LENGTH) return DEFAULT_PAGE;
  if (CONTROL_CHARACTERS.test(raw) || raw.includes('\\')) return DEFAULT_PAGE;
  if (raw !== raw.trim()) return DEFAULT_PAGE;

  const appOrigin = originOf(policy.appOrigin);
  if (appOrigin === null) return DEFAULT_PAGE;

  if (raw.startsWith('/')) {
    // A protocol-relative reference names another host before any normalisation.
    if (raw.startsWith('//')) return DEFAULT_PAGE;
    let url: URL;
    try {
      url = new URL(raw, appOrigin);
    } catch {
      return DEFAULT_PAGE;
    }
    return sameOriginPath(url, appOrigin) ?? DEFAULT_PAGE;
  }

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return DEFAULT_PAGE;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return DEFAULT_PAGE;
  if (url.username !== '' || url.password !== '') return DEFAULT_PAGE;
  if (url.origin === appOrigin) return sameOriginPath(url, appOrigin) ?? DEFAULT_PAGE;
  const allowed = (policy.allowlist ?? []).some((entry) => originOf(entry) === url.origin);
  // The serialised form: parsing it again gives the same origin (no credentials, no stray characters).
  return allowed && originOf(url.href) === url.origin ? url.href : DEFAULT_PAGE;
}

/** The pages a link's token opens: anyone with the link may use them, whoever is signed in. */
const LINK_PAGES: readonly string[] = [APP_PAGES.resetPassword, APP_PAGES.acceptInvitation, APP_PAGES.secureAccount];

/**
 * Where a signed-in visitor goes on to (after a sign-in, or arriving signed in): the safe target,
 * but never a page a link's token opens. Sent there by another's `redirect`, a person who has just
 * signed in would finish that person's registration (and be signed in as them) or set their
 * password (docs/decisions/0004-redirect-safety.md).
 */
export function signedInRedirect(raw: string | null | undefined, policy: RedirectPolicy): string {
  const target = safeRedirect(raw, policy);
  try {
    // As the server's router reads the path: decoded ("accept%2Dinvitation" is the same page).
    return LINK_PAGES.includes(appPageOf(decodeURIComponent(target.split(/[?#]/)[0]!))) ? DEFAULT_PAGE : target;
  } catch {
    return DEFAULT_PAGE;
  }
}
