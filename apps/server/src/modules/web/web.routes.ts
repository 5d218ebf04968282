import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { APP_BASE, type RedirectPolicy } from '@gatehouse/contract';
import { sendSafeRedirect } from '../../plugins/safe-redirect.ts';

/** Vite names assets by content hash: they never change, so browsers may keep them for a year. */
const IMMUTABLE_MAX_AGE_MS = 365 * 24 * 3_600_000;
const NOT_BUILT = 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.\n';

/**
 * Serves the Vite build of apps/web: `/signin/assets/*` immutable, any other
 * `/signin/...` path the app's index.html (the router decides), `/` the
 * legacy default page.
 */
export async function webRoutes(app: FastifyInstance, { webDist, redirects }: { webDist: string; redirects: RedirectPolicy }): Promise<void> {
  // preCompressed: the build writes .br and .gz beside each text asset (apps/web/compress-plugin.ts).
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });

  // A page found once stays (deploys replace the folder, they don't empty it): no stat on every load.
  const built = new Set<string>();
  const sendPage = (reply: FastifyReply, page: 'index.html' | 'legacy.html') => {
    if (!built.has(page) && fs.existsSync(path.join(webDist, page))) built.add(page);
    if (!built.has(page)) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    }
    // no-cache: the page names the current hashed assets, so it must be revalidated after every deploy.
    return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
  };

  app.get('/', (_request, reply) => sendPage(reply, 'legacy.html'));

  app.get('/signin', (request, reply) => {
    const query = request.url.indexOf('?');
    // The query comes from the client: the target is judged like any other redirect (a bad query drops it).
    return sendSafeRedirect(reply, redirects, APP_BASE + (query >= 0 ? request.url.slice(query) : ''), 301, APP_BASE);
  });

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
    return sendPage(reply, 'index.html');
  });
}
