import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { SessionLevel } from '../db/schema.ts';
import type { ActiveSession, SessionService } from '../modules/session/session.service.ts';
import { userAgentOf } from './user-agent.ts';

/** `__Host-` pins the cookie to this host over https with Path=/; plain-http loopback cannot use it. */
export function sessionCookieName(config: Pick<Config, 'insecureLoopback'>): string {
  return config.insecureLoopback ? 'gh_session' : '__Host-gh_session';
}

export function sessionCookieOptions(config: Pick<Config, 'insecureLoopback'>): CookieSerializeOptions {
  // No Max-Age: the browser drops it at exit; the server enforces idle and absolute lifetimes itself.
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: !config.insecureLoopback };
}

const loaded = new WeakMap<FastifyRequest, Promise<ActiveSession | null>>();

/**
 * Request-scoped access to the session. Nothing is read or written unless a
 * handler asks, so anonymous page loads create no rows.
 */
export class SessionAccess {
  readonly cookieName: string;
  private readonly cookieOptions: CookieSerializeOptions;

  constructor(
    private readonly service: SessionService,
    config: Pick<Config, 'insecureLoopback'>,
  ) {
    this.cookieName = sessionCookieName(config);
    this.cookieOptions = sessionCookieOptions(config);
  }

  current(request: FastifyRequest): Promise<ActiveSession | null> {
    let pending = loaded.get(request);
    if (!pending) {
      pending = this.service.resolve(request.cookies[this.cookieName]);
      loaded.set(request, pending);
    }
    return pending;
  }

  /** Moves the client to a new level with a new session id (rotation); `shared`: see SessionService.rotate. */
  async rotate(request: FastifyRequest, reply: FastifyReply, userId: string | null, level: SessionLevel, shared?: boolean): Promise<ActiveSession> {
    const { session, commit } = await this.prepareRotation(request, await this.current(request), userId, level, shared);
    commit(reply);
    return session;
  }

  /**
   * The rotation's rows, written inside the caller's transaction `db`; `commit` then gives the
   * browser the new cookie. Call it only once the transaction is committed: a rolled-back
   * rotation leaves the client as it was. `previous` is the request's `current()` session, read
   * before the transaction begins (SQLite has one connection: a read outside the transaction
   * would wait for it for ever).
   */
  async prepareRotation(
    request: FastifyRequest,
    previous: ActiveSession | null,
    userId: string | null,
    level: SessionLevel,
    shared?: boolean,
    db?: Db,
  ): Promise<{ session: ActiveSession; commit: (reply: FastifyReply) => void }> {
    const { rawId, session } = await this.service.rotate(previous, userId, level, { userAgent: userAgentOf(request) }, shared, db);
    return {
      session,
      commit: (reply) => {
        reply.setCookie(this.cookieName, rawId, this.cookieOptions);
        loaded.set(request, Promise.resolve(session));
      },
    };
  }

  /** Ends the session and tells the browser to forget the cookie. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.service.end(await this.current(request));
    reply.clearCookie(this.cookieName, this.cookieOptions);
    loaded.set(request, Promise.resolve(null));
  }
}
