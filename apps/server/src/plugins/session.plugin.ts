import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { SessionLevel } from '../db/schema.ts';
import { hostCookie, type HostCookie } from './host-cookie.ts';
import { userAgentOf } from './user-agent.ts';

/**
 * Where sessions are kept: what the cookie handling needs of it. The session module's service is
 * one (app.ts injects it); this plugin never imports a module (docs/decisions/0165-server-module-form.md).
 * `S` is the store's session, handed to the routes as the store gives it.
 */
export interface SessionStore<S> {
  resolve(rawId: string | undefined): Promise<S | null>;
  rotate(
    previous: S | null,
    userId: string | null,
    level: SessionLevel,
    origin: { userAgent: string | null },
    shared?: boolean,
    db?: Db,
  ): Promise<{ rawId: string; session: S }>;
  end(session: S | null): Promise<void>;
}

/** The session cookie: no Max-Age, the browser drops it at exit; the server enforces idle and absolute lifetimes itself. */
export function sessionCookie(config: Pick<Config, 'insecureLoopback'>): HostCookie {
  return hostCookie(config, 'gh_session', { sameSite: 'lax' });
}

const loaded = new WeakMap<FastifyRequest, Promise<unknown>>();

/**
 * Request-scoped access to the session. Nothing is read or written unless a
 * handler asks, so anonymous page loads create no rows.
 */
export class SessionAccess<S> {
  readonly cookieName: string;
  private readonly cookieOptions: CookieSerializeOptions;

  constructor(
    private readonly service: SessionStore<S>,
    config: Pick<Config, 'insecureLoopback'>,
  ) {
    const cookie = sessionCookie(config);
    this.cookieName = cookie.name;
    this.cookieOptions = cookie.options;
  }

  current(request: FastifyRequest): Promise<S | null> {
    let pending = loaded.get(request) as Promise<S | null> | undefined;
    if (!pending) {
      pending = this.service.resolve(request.cookies[this.cookieName]);
      loaded.set(request, pending);
    }
    return pending;
  }

  /** Moves the client to a new level with a new session id (rotation); `shared`: see the store's rotate. */
  async rotate(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string | null,
    level: SessionLevel,
    shared?: boolean,
  ): Promise<S> {
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
    previous: S | null,
    userId: string | null,
    level: SessionLevel,
    shared?: boolean,
    db?: Db,
  ): Promise<{ session: S; commit: (reply: FastifyReply) => void }> {
    const { rawId, session } = await this.service.rotate(
      previous,
      userId,
      level,
      { userAgent: userAgentOf(request) },
      shared,
      db,
    );
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

/**
 * The session type the store keeps, named by whoever provides the store (the session module adds
 * `session: ActiveSession` to it), so that this plugin types its decorator without importing a module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging (session.module.ts)
export interface SessionRegistry {}

/** The registered session type (unknown until a module names it). */
export type RegisteredSession = SessionRegistry extends { session: infer S } ? S : unknown;

declare module 'fastify' {
  interface FastifyInstance {
    /** The request's session and its cookie, over the injected store. */
    sessions: SessionAccess<RegisteredSession>;
  }
}

export interface SessionPluginOptions {
  config: Pick<Config, 'insecureLoopback'>;
  /** The session store (the session module's service, injected by app.ts). */
  store: SessionStore<RegisteredSession>;
}

/**
 * The session cookie: decorates the instance with `sessions`, a `SessionAccess` over the injected
 * store, for every module (fastify-plugin: the root instance's decorator). Needs @fastify/cookie.
 */
export const sessionPlugin = fp(
  async function session(app: FastifyInstance, { config, store }: SessionPluginOptions): Promise<void> {
    app.decorate('sessions', new SessionAccess(store, config));
  },
  { name: 'session', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);
