import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionAccess } from '../../plugins/session.plugin.ts';
import type { ModuleContext } from '../module-context.ts';
import { SessionRepository } from './session.repository.ts';
import { SessionService, sessionLifetimes, type ActiveSession } from './session.service.ts';

/** The request's session and its cookie, as the modules see it. */
export type Sessions = SessionAccess<ActiveSession>;

declare module '../../plugins/session.plugin.ts' {
  interface SessionRegistry {
    /** The session plugin's `app.sessions` hands the routes this module's sessions. */
    session: ActiveSession;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions themselves: ending an account's sessions, the security page's list. */
    sessionStore: SessionService;
  }
}

/**
 * The session store. Built before the plugins: the session plugin (the cookie) is given it by
 * app.ts, as it never imports a module (docs/decisions/0165-server-module-form.md).
 */
export function createSessionStore({ db, config, now }: Pick<ModuleContext, 'db' | 'config' | 'now'>): SessionService {
  return new SessionService(new SessionRepository(db), now, sessionLifetimes(config));
}

export interface SessionModuleOptions extends ModuleContext {
  /** The store the session plugin was given (createSessionStore): one store for the whole app. */
  store: SessionService;
}

/** No routes: makes the store the session plugin uses reachable by the other modules as `sessionStore`. */
export const sessionModule = fp(
  async function session(app: FastifyInstance, { store }: SessionModuleOptions): Promise<void> {
    app.decorate('sessionStore', store);
  },
  { name: 'session-module', fastify: '5.x', dependencies: ['session'] },
);
