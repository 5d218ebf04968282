import type { Locale } from '@gatehouse/contract';
import type { LinkCheck } from '../shared/link-request';
import type { CompiledMessages, MessageArea } from '../shared/i18n';
import type { SignInStart } from '../flows/sign-in';
import type { StartUpData } from './start-up';
import { PAGE_PAYLOAD_ID } from './boot-signals';

/**
 * What the server puts into a page it rendered (docs/decisions/0117-server-rendered-first-view.md):
 * the start-up data, the language with its messages and the sign-in's starting point, so that the
 * app hydrates the markup with the same state it was rendered from and no call waits for the script.
 */
export interface PagePayload {
  data: StartUpData;
  locale: Locale;
  /** The core catalogue of `locale` with the areas the route needs (`areas`). */
  messages: CompiledMessages;
  areas: readonly MessageArea[];
  /** The sign-in's start: the PIN step the session is in, and whether this browser may offer a passkey. */
  signIn: SignInStart;
  /** A reset or registration link's check, made by the server (null on other pages, or with a bot check). */
  linkCheck: LinkCheck | null;
}

export type { SignInStart };

/** The non-executable script element that carries the payload (allowed by the page's CSP: it is data). */
export { PAGE_PAYLOAD_ID };

/**
 * JSON safe inside a `<script>` element: `<`, `>`, `&` and the two line separators are escaped,
 * so no value (a name a user chose, say) can end the element or start markup.
 */
export function payloadJson(payload: PagePayload): string {
  return JSON.stringify(payload).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The payload of a server-rendered page, or null (a page built without the server, e.g. Vite's dev server). */
export function readPagePayload(doc: Document): PagePayload | null {
  const element = doc.getElementById(PAGE_PAYLOAD_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PagePayload;
  } catch {
    return null;
  }
}
