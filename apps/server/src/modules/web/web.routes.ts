import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  APP_BASE,
  APP_PAGES,
  appPageOf,
  signedInRedirect,
  sendsSignedInVisitorOn,
  type RedirectPolicy,
} from '@gatehouse/contract';
import { sendSafeRedirect } from '../../plugins/safe-redirect.ts';
import { PageRenderer, type PageStart } from './page-renderer.ts';

/** Vite names assets by content hash: they never change, so browsers may keep them for a year. */
const IMMUTABLE_MAX_AGE_MS = 365 * 24 * 3_600_000;
const NOT_BUILT = 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.\n';

/**
 * The page a form the browser sent itself was on: the path and query of the request as a browser
 * resolves them (dot segments removed), never the request target as it came — an absolute-form
 * target names a host of its own, and `/signin/..//host` resolves to a protocol-relative path. A
 * target that leaves the app's pages is its first page.
 */
export function formPageOf(requestTarget: string): string {
  const url = new URL(requestTarget, 'http://app.invalid');
  return url.pathname.startsWith(APP_BASE) ? `${url.pathname}${url.search}` : APP_BASE;
}

export interface WebRoutesOptions {
  webDist: string;
  redirects: RedirectPolicy;
  /** What the start-up calls would answer for this request (docs/decisions/0117-server-rendered-first-view.md). */
  pageStart: (request: FastifyRequest) => Promise<PageStart>;
}

/** The security page's way back after sign-in (the app's signInHref(SECURITY_HREF)). */
const SIGN_IN_THEN_SECURITY = `${APP_BASE}?${new URLSearchParams({ redirect: `${APP_BASE.slice(0, -1)}${APP_PAGES.security}` }).toString()}`;

/**
 * Serves the Vite build of apps/web: `/signin/assets/*` immutable, any other
 * `/signin/...` path the app's page rendered for this visitor (the router decides
 * the screen), `/` the legacy default page.
 */
export async function webRoutes(
  app: FastifyInstance,
  { webDist, redirects, pageStart }: WebRoutesOptions,
): Promise<void> {
  // preCompressed: the build writes .br and .gz beside each text asset (apps/web/compress-plugin.ts).
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });

  // A page found once stays (deploys replace the folder, they don't empty it): no stat on every load.
  const built = new Set<string>();
  const sendPage = (reply: FastifyReply, page: 'index.html' | 'legacy.html') => {
    if (!built.has(page) && fs.existsSync(path.join(webDist, page))) built.add(page);
    if (!built.has(page)) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    }
    // no-store: the page names the current hashed assets (asked for again after every deploy), and once
    // its script has drawn it, it shows the signed-in person: a browser must not keep it, not even for
    // Back after a sign-out (its back-forward cache restores a page as it was left).
    return reply.header('cache-control', 'no-store').sendFile(page, { cacheControl: false });
  };

  const renderer = new PageRenderer(webDist);

  /**
   * The app's page with the screen already in it: a signed-in visitor of the sign-in page gets a
   * redirect before any HTML, a guest of the security page the sign-in first. Whatever fails here
   * (the database, the renderer) leaves the browser to render the app itself, as without a renderer.
   */
  const sendAppPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const page = appPageOf(url.pathname);
    let html: string | null;
    try {
      const start = await pageStart(request);
      const check = start.linkCheck;
      // A link this browser used works no more.
      const linkWorks = check ? 'answer' in check && check.answer.status === 'ok' : undefined;
      if (start.data.user.authenticated && sendsSignedInVisitorOn(page, linkWorks)) {
        // The `redirect` parameter, decoded once, judged like every other redirect target.
        return reply
          .header('cache-control', 'no-store')
          .redirect(signedInRedirect(url.searchParams.get('redirect'), redirects), 302);
      }
      if (!start.data.user.authenticated && page === APP_PAGES.security) {
        return reply.header('cache-control', 'no-store').redirect(SIGN_IN_THEN_SECURITY, 302);
      }
      html = await renderer.render({
        ...start,
        path: url.pathname,
        search: url.search.slice(1),
        origin: redirects.appOrigin,
      });
    } catch (error) {
      request.log.error({ err: error }, 'the page could not be rendered on the server; the browser renders it');
      html = null;
    }
    if (html === null) return sendPage(reply, 'index.html');
    // Personal (remembered accounts, the PIN step's address) and per language: never stored by a cache.
    reply
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
    return reply.send(html);
  };

  app.get('/', (_request, reply) => sendPage(reply, 'legacy.html'));

  app.get('/signin', (request, reply) => {
    const query = request.url.indexOf('?');
    // The query comes from the client: the target is judged like any other redirect (a bad query drops it).
    return sendSafeRedirect(reply, redirects, APP_BASE + (query >= 0 ? request.url.slice(query) : ''), 301, APP_BASE);
  });

  // A form sent before the app took over the page (the browser's own submission): the fields go in a
  // POST body, which is never read; the browser is sent back to the page (docs/decisions/0117-server-rendered-first-view.md).
  app.post(
    '/signin/*',
    {
      onRequest: async (request, reply) => sendSafeRedirect(reply, redirects, formPageOf(request.url), 303, APP_BASE),
    },
    async () => undefined,
  );

  app.get('/signin/*', (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    if (rest.startsWith('assets/')) {
      // A missing asset is a 404 (not the app's page: a script must never receive HTML).
      const file = path.resolve(webDist, rest);
      if (!file.startsWith(webDist + path.sep) || !fs.existsSync(file)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
      }
      return reply.sendFile(rest, { immutable: true, maxAge: IMMUTABLE_MAX_AGE_MS });
    }
    // Files Vite copied from public/ (icons, manifest) are served as they are; everything else is a route of the app.
    if (/^[\w.-]+\.(svg|png|ico|webmanifest|txt|woff2?)$/.test(rest) && fs.existsSync(path.join(webDist, rest))) {
      return reply.sendFile(rest, { maxAge: 3_600_000 });
    }
    return sendAppPage(request, reply);
  });
}
