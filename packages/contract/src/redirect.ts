/**
 * Redirect safety (security.md, "Redirects"): one function for app and server.
 *
 * The `redirect` query parameter is read once with URLSearchParams (one
 * decode) by the caller; this function never decodes again. Allowed targets:
 * - a path on the app's own origin: starts with a single "/", no backslash,
 *   no control characters, at most 2048 characters, and still same-origin
 *   after URL normalisation;
 * - an absolute http(s) URL whose origin is on the allowlist.
 * Anything else gives the default page.
 */
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

/**
 * Returns the target to navigate to: a same-origin path (path, query and
 * hash) or an allowlisted absolute URL; DEFAULT_PAGE when the input is
 * missing or unsafe.
 */
export function safeRedirect(raw: string | null | undefined, policy: RedirectPolicy): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > REDIRECT_MAX_LENGTH) return DEFAULT_PAGE;
  if (CONTROL_CHARACTERS.test(raw) || raw.includes('\\')) return DEFAULT_PAGE;
  if (raw !== raw.trim()) return DEFAULT_PAGE;

  let appOrigin: string;
  try {
    appOrigin = new URL(policy.appOrigin).origin;
  } catch {
    return DEFAULT_PAGE;
  }

  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return DEFAULT_PAGE;
    let url: URL;
    try {
      url = new URL(raw, appOrigin);
    } catch {
      return DEFAULT_PAGE;
    }
    if (url.origin !== appOrigin) return DEFAULT_PAGE;
    return `${url.pathname}${url.search}${url.hash}`;
  }

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return DEFAULT_PAGE;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return DEFAULT_PAGE;
  if (url.username !== '' || url.password !== '') return DEFAULT_PAGE;
  if (url.origin === appOrigin) return `${url.pathname}${url.search}${url.hash}`;
  const allowed = (policy.allowlist ?? []).some((entry) => {
    try {
      return new URL(entry).origin === url.origin;
    } catch {
      return false;
    }
  });
  return allowed ? url.href : DEFAULT_PAGE;
}
