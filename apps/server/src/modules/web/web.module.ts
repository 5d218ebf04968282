import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_PAGES, PIN_STEP_COOKIE, appPageOf, toCurrentUser } from '@gatehouse/contract';
import { redirectPolicy } from '../../plugins/safe-redirect.ts';
import type { ModuleContext } from '../module-context.ts';
import { serverInfoAnswer, serverVersionAnswer } from '../server-info/server-info.routes.ts';
import { passkeyLikely, type PageStart } from './page-renderer.ts';
import { webRoutes } from './web.routes.ts';

/**
 * The web app's pages (docs/decisions/0117-server-rendered-first-view.md): a server-rendered page
 * starts from what the start-up calls would answer, so this module comes last, after every module
 * whose answer a page starts from (user info, remembered accounts, the PIN step, a link check).
 * A plain plugin: it decorates nothing.
 */
export async function webModule(app: FastifyInstance, { config }: ModuleContext): Promise<void> {
  const {
    sessions,
    userInfo: answerUserInfo,
    devices,
    deviceCookie,
    secondFactor,
    recovery,
    secureAccounts,
    usedLinkCookie,
  } = app;
  /**
   * The link check of the reset, registration and secure-account pages (what the page's own check
   * call would answer: token info, or the secure-account check), read once from the query as the
   * app reads it.
   */
  const linkCheckFor = async (request: FastifyRequest): Promise<PageStart['linkCheck']> => {
    const url = new URL(request.url, 'http://localhost');
    const page = appPageOf(url.pathname);
    const token = url.searchParams.get('token');
    // No token: the app knows without asking.
    if (token === null || token.trim() === '') return null;
    // A reset link this browser has set its password with, or a "Wasn't you?" link it has secured the
    // account with (docs/decisions/0178-used-link-reopened.md): known from the cookie and the address
    // alone, bot check or not, and without a look-up.
    if ((page === APP_PAGES.resetPassword || page === APP_PAGES.secureAccount) && usedLinkCookie.names(request, token))
      return { token, usedHere: true };
    // With a bot check, the check needs the browser's token: the app makes it.
    if (config.botCheck.kind !== 'none') return null;
    if (page === APP_PAGES.resetPassword || page === APP_PAGES.acceptInvitation) {
      const check = await recovery.checkLink(token);
      return {
        token,
        answer:
          check.kind === 'ok' ? { status: 'ok', email: check.email } : { status: 'failed', reasons: [check.reason] },
      };
    }
    if (page === APP_PAGES.secureAccount) {
      const check = await secureAccounts.check(token, request.ip);
      // Throttled: the app asks, and is told to wait as every other call is.
      if (check.kind === 'throttled') return null;
      return { token, answer: check.kind === 'ok' ? { status: 'ok' } : { status: 'failed', reasons: [check.reason] } };
    }
    return null;
  };
  // Both depend on the configuration only: made once, as their own routes do.
  const serverInfo = serverInfoAnswer(config);
  const serverVersion = serverVersionAnswer(config);
  /**
   * The PIN step a page starts at: only while a tab of this browser shows it (the app's cookie, which
   * every tab shares) and the session still waits for the PIN — and never for a shared computer's
   * sign-in, whose address must not greet the next person in a new tab; its own tab, reloaded, starts
   * at the login form (docs/decisions/0116-shared-computer.md).
   */
  const pinStepOf = async (request: FastifyRequest) => {
    const session = await sessions.current(request);
    return session?.shared ? null : secondFactor.pendingStep(session);
  };
  const pageStart = async (request: FastifyRequest): Promise<PageStart> => {
    const info = await answerUserInfo(request);
    const user = toCurrentUser(info);
    if (user === null) throw new Error('user info is not valid');
    return {
      data: {
        user,
        serverInfo,
        serverVersion,
        deviceUsers: await devices.rememberedAccounts(deviceCookie.read(request)),
      },
      signIn: {
        pinStep: !user.authenticated && request.cookies[PIN_STEP_COOKIE] === '1' ? await pinStepOf(request) : null,
        passkeyLikely: passkeyLikely(request.headers['user-agent']),
      },
      linkCheck: await linkCheckFor(request),
    };
  };
  await app.register(webRoutes, { webDist: config.webDist, redirects: redirectPolicy(config), pageStart });
}
