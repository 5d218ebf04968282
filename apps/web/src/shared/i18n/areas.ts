/**
 * Catalogue areas: messages of screens that are not part of the sign-in
 * route's first view ship in their own chunks and are merged into the
 * catalogue when a route that needs them opens (see MessageArea).
 * Everything else is the "core" catalogue, loaded at start.
 * Pure data: also read by messages-plugin.ts at build time.
 */
export const MESSAGE_AREAS = {
  demo: ['demo.'],
  recovery: ['registration.', 'reset.', 'recovery.', 'setPassword.'],
  /** The page of the "Wasn't you?" mail's link (docs/flows/secure-account.md). */
  secureAccount: ['secureAccount.'],
  /** The sign-in screens after the first (the later-screens chunk) and the passkey offer. */
  signInLater: [
    'signIn.pin.',
    'signIn.remembered.',
    'signIn.blocked.',
    'signIn.disabled.',
    'signIn.forgot.',
    'signIn.resetSent.',
    'signIn.passkeyOffer.',
  ],
  /** The "Sign-in and security" page (its own lazy chunk). */
  security: ['security.'],
  /** The default ("legacy") page, a separate entry. */
  legacy: ['legacy.'],
} as const satisfies Record<string, readonly string[]>;

export type MessageArea = keyof typeof MESSAGE_AREAS;

/** The mails' texts share each language's catalogue file; the server reads them, browsers never get them. */
export const SERVER_ONLY_PREFIX = 'mail.';

export function areaOf(id: string): MessageArea | 'core' {
  for (const [area, prefixes] of Object.entries(MESSAGE_AREAS) as [MessageArea, readonly string[]][]) {
    if (prefixes.some((prefix) => id.startsWith(prefix))) return area;
  }
  return 'core';
}
