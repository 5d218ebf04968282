import type { StatusAnswer } from '@gatehouse/contract';

/**
 * A link's check made by the server for the page it rendered (the reset, invitation and
 * secure-account pages; docs/decisions/0117-server-rendered-first-view.md): the page starts from
 * its answer instead of asking again, so the first paint is the screen the link leads to.
 */
export interface LinkCheck {
  token: string;
  answer: StatusAnswer;
}

/** The check's answer when it is this link's (a page the app moved to itself has none). */
export function answerFor(check: LinkCheck | null | undefined, token: string | null): StatusAnswer | undefined {
  return check && token !== null && check.token === token ? check.answer : undefined;
}
