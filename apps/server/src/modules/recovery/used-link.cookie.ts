import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config/config.ts';
import { hostCookie } from '../../plugins/host-cookie.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';

/**
 * Names the link this browser last used: a reset link it set a password with, or a "Wasn't you?"
 * link it secured the account with. The link's page, loaded again (a reload, the mail opened again),
 * then says what was done instead of calling the link expired (docs/decisions/0178-used-link-reopened.md).
 * It holds the link's SHA-256, never the link; it lives as long as a reset link does. It grants
 * nothing: a browser that forged it would only see the confirmation page for a link of its own
 * choosing, and the page is chosen from the cookie and the address alone, without looking the link
 * up, so it tells nobody whether a link exists.
 */
export class UsedLinkCookie {
  readonly name: string;
  private readonly options: CookieSerializeOptions;

  constructor(config: Pick<Config, 'insecureLoopback' | 'resetTokenTtlMs'>) {
    // Lax: the mail's link is a navigation from another site, and must bring the cookie along.
    ({ name: this.name, options: this.options } = hostCookie(config, 'gh_link_used', {
      sameSite: 'lax',
      maxAgeMs: config.resetTokenTtlMs,
    }));
  }

  /** After a reset or a securing with `token`: this browser used it. */
  write(reply: FastifyReply, token: string): void {
    reply.setCookie(this.name, sha256Hex(token), this.options);
  }

  /** Whether this browser used `token` (the token exactly as the page's address holds it). */
  names(request: FastifyRequest, token: string): boolean {
    const value = request.cookies[this.name];
    return value !== undefined && value === sha256Hex(token);
  }
}
