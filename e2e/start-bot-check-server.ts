// The server instances with a bot check on, for tests/bot-check.spec.ts; start-server.ts starts
// them next to the main instance. Each has its own port, SQLite file and SMTP sink. For reCAPTCHA
// a small local stand-in serves the script (grecaptcha.ready/execute) and the siteverify answer,
// so that no test talks to Google.
import { createServer, type Server } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BOT_CHECK_INSTANCES, RECAPTCHA_STAND_IN, instanceUrl, type BotCheckInstance } from './env.ts';
import { startMailSink } from './mail-sink.ts';

export const STAND_IN_SITE_KEY = 'e2e-site-key';
const STAND_IN_SECRET = 'e2e-recaptcha-secret';

/**
 * What Google's api.js offers the page, and no more: ready() once "loaded",
 * execute() answering a token naming the site key and action. It also adds the
 * badge element as the real script does, so that the test can see it stays hidden.
 */
const STAND_IN_SCRIPT = `(() => {
  const badge = document.createElement('div');
  badge.className = 'grecaptcha-badge';
  badge.textContent = 'reCAPTCHA';
  document.body.appendChild(badge);
  window.grecaptcha = {
    ready(callback) { setTimeout(callback, 10); },
    execute(siteKey, options) { return Promise.resolve('stand-in.' + siteKey + '.' + options.action + '.' + Math.random().toString(36).slice(2)); },
  };
})();
`;

/** Actions the stand-in verifier passed, newest last (GET /verified). */
const verified: string[] = [];

async function startRecaptchaStandIn(standInPort: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/recaptcha/api.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      response.end(STAND_IN_SCRIPT);
      return;
    }
    if (request.method === 'GET' && request.url === '/verified') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(verified));
      return;
    }
    if (request.method === 'POST' && request.url === '/recaptcha/api/siteverify') {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => {
        const form = new URLSearchParams(raw);
        const [prefix, siteKey, action] = (form.get('response') ?? '').split('.');
        const good =
          form.get('secret') === STAND_IN_SECRET && prefix === 'stand-in' && siteKey === STAND_IN_SITE_KEY && action;
        if (good) verified.push(action);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            good
              ? { success: true, score: 0.9, action, hostname: 'localhost', challenge_ts: new Date().toISOString() }
              : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(standInPort, '127.0.0.1', resolve));
  return server;
}

/**
 * Prepares a bot-check instance: a fresh SQLite file, its SMTP sink and (reCAPTCHA) the stand-in.
 * Returns the environment its server runs with and what to close after it.
 */
export async function prepareBotCheckInstance(
  instance: BotCheckInstance,
): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const { port, databaseUrl } = BOT_CHECK_INSTANCES[instance];
  mkdirSync(path.dirname(databaseUrl), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${databaseUrl}${suffix}`, { force: true });

  const sink = await startMailSink(port + 1, port + 2);
  const standIn = instance === 'recaptcha' ? await startRecaptchaStandIn(port + 3) : null;

  const botCheckEnv: Record<string, string> =
    instance === 'recaptcha'
      ? {
          BOT_CHECK: 'recaptcha',
          RECAPTCHA_SITE_KEY: STAND_IN_SITE_KEY,
          RECAPTCHA_SECRET: STAND_IN_SECRET,
          RECAPTCHA_SCRIPT_URI: `${RECAPTCHA_STAND_IN}/recaptcha/api.js`,
          RECAPTCHA_VERIFY_URL: `${RECAPTCHA_STAND_IN}/recaptcha/api/siteverify`,
        }
      : { BOT_CHECK: 'altcha', ALTCHA_HMAC_KEY: 'e2e-altcha-hmac-key-0123456789abcdef', ALTCHA_MAX_NUMBER: '50000' };

  return {
    env: {
      PORT: String(port),
      PUBLIC_ORIGIN: instanceUrl(instance),
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      ...botCheckEnv,
    },
    async close() {
      standIn?.closeAllConnections();
      await Promise.all([sink.close(), standIn && new Promise((resolve) => standIn.close(resolve))]);
    },
  };
}
