import type { TokenInfoAnswer } from '@gatehouse/contract';

/**
 * What the server knew of the link of a page it rendered (the reset, invitation and secure-account
 * pages; docs/decisions/0117-server-rendered-first-view.md): its check's answer, so the page starts
 * from it instead of asking again and the first paint is the screen the link leads to; or that
 * this browser has used the link (`usedHere`: set its password with a reset link, secured the
 * account with a "Wasn't you?" link), so the page is loaded again after that (a reload, the mail
 * opened again; docs/decisions/0178-used-link-reopened.md).
 */
export type LinkCheck = { token: string; answer: TokenInfoAnswer } | { token: string; usedHere: true };

/** A page opened from a mailed link, as its machine starts from it. */
export interface LinkPage {
  /** The `token` query parameter, read once; null when absent. */
  token: string | null;
  /**
   * This browser has used this link (the server said so for the page it rendered;
   * docs/decisions/0178-used-link-reopened.md).
   */
  usedHere: boolean;
}

/** The check when it is about this link (a page the app moved to itself has none). */
function checkOf(check: LinkCheck | null | undefined, token: string | null): LinkCheck | undefined {
  return check && token !== null && check.token === token ? check : undefined;
}

/** The check's answer when it is this link's. */
export function answerFor(check: LinkCheck | null | undefined, token: string | null): TokenInfoAnswer | undefined {
  const own = checkOf(check, token);
  return own && 'answer' in own ? own.answer : undefined;
}

/**
 * The links this page has used since it loaded. The server's check of a rendered page is older than
 * such a use, so a page the app returns to itself (the browser's Back after a reset) asks here first.
 */
const usedInThisPage = new Set<string>();

/** Records that this page used the link (a new password set with it, the account secured with it). */
export function markUsedHere(token: string): void {
  usedInThisPage.add(token);
}

/** Tests: each starts as a page just loaded. */
export function forgetUsedLinks(): void {
  usedInThisPage.clear();
}

/** Whether this browser has used this link: this page did, or the server said so for the page it rendered. */
export function usedHere(check: LinkCheck | null | undefined, token: string | null): boolean {
  if (token !== null && usedInThisPage.has(token)) return true;
  const own = checkOf(check, token);
  return own !== undefined && 'usedHere' in own;
}
