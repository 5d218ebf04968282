import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config/config.ts';
import { hostCookie } from '../../plugins/host-cookie.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';

/** How many used links the cookie names: a securing and the reset it leads to, and one more. */
const REMEMBERED_LINKS = 3;
const LINK_HASH = /^[0-9a-f]{64}$/;

/**
 * Names the links this browser used last (at most REMEMBERED_LINKS): a reset link it set a
 * password with, or a "Wasn't you?" link it secured the account with. The link's page, loaded
 * again (a reload, the mail opened again), then says what was done instead of calling the link
 * expired (docs/decisions/0178-used-link-reopened.md). It holds each link's SHA-256 (joined by
 * dots, the latest last), never a link; it lives as long as a reset link does, from the latest
 * use. It grants nothing: a browser that forged it would only see the confirmation page for a link
 * of its own choosing, and the page is chosen from the cookie and the address alone, without
 * looking the link up, so it tells nobody whether a link exists.
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

  /** After a reset or a securing with `token`: this browser used it, besides the links it used before. */
  write(request: FastifyRequest, reply: FastifyReply, token: string): void {
    const used = sha256Hex(token);
    const before = this.read(request).filter((hash) => hash !== used);
    reply.setCookie(this.name, [...before, used].slice(-REMEMBERED_LINKS).join('.'), this.options);
  }

  /** Whether this browser used `token` (the token exactly as the page's address holds it). */
  names(request: FastifyRequest, token: string): boolean {
    return this.read(request).includes(sha256Hex(token));
  }

  /** The hashes the cookie holds; anything else in it (a forged or older value) is left out. */
  private read(request: FastifyRequest): string[] {
    const value = request.cookies[this.name];
    if (value === undefined || value.length > REMEMBERED_LINKS * 65) return [];
    return value.split('.').filter((hash) => LINK_HASH.test(hash));
  }
}
