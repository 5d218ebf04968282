// The floor pages' static server for `npm run bench` (bench/pages.mjs): every file of the floor
// build held in memory, text precompressed with brotli at quality 11 (as the app's build does,
// apps/web/compress-plugin.ts), and the caching headers the app's server gives the app
// (apps/server/src/modules/web/web.routes.ts): pages `no-cache`, hashed assets immutable for a year.
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
/** As apps/web/compress-plugin.ts: smaller files are sent as they are. */
const MIN_BYTES = 1024;
const YEAR_S = 365 * 24 * 3600;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Serves `dir` on 127.0.0.1 (port 0: any free one). Resolves to { origin, close }. */
export async function startFloorServer(dir, port = 0) {
  const served = new Map();
  for (const file of files(dir)) {
    const raw = readFileSync(file);
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const compress = /^(text\/|image\/svg)/.test(type) && raw.length >= MIN_BYTES;
    const br = compress ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null;
    const urlPath = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    const page = urlPath.endsWith('/index.html');
    const entry = {
      raw,
      br,
      type,
      cacheControl: page ? 'no-cache' : `public, max-age=${YEAR_S}, immutable`,
      etag: `"${raw.length.toString(16)}-${Date.now().toString(16)}"`,
      lastModified: new Date().toUTCString(),
    };
    served.set(urlPath, entry);
    if (page) served.set(urlPath.slice(0, -'index.html'.length), entry);
  }
  const server = createServer((request, response) => {
    const entry = served.get(new URL(request.url ?? '/', 'http://floor').pathname);
    if (!entry || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const useBr = entry.br !== null && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = useBr ? entry.br : entry.raw;
    const headers = {
      'content-type': entry.type,
      'cache-control': entry.cacheControl,
      etag: entry.etag,
      'last-modified': entry.lastModified,
      'content-length': body.length,
      ...(entry.br !== null ? { vary: 'accept-encoding' } : {}),
      ...(useBr ? { 'content-encoding': 'br' } : {}),
    };
    if (request.headers['if-none-match'] === entry.etag) {
      response.writeHead(304, { 'cache-control': entry.cacheControl, etag: entry.etag }).end();
      return;
    }
    response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: actual } = server.address();
  return {
    origin: `http://127.0.0.1:${actual}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
