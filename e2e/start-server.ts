// Starts the servers of the end-to-end run: the main instance on a fresh SQLite database and the
// two bot-check instances (start-bot-check-server.ts), each with its own SMTP sink. Playwright's
// webServer runs this and stops it (SIGTERM) at the end.
//
// All three run in this one process with the server's own start-up (apps/server/src/start.ts, as
// `npm start` runs it): one Node start-up and one load of the server's modules instead of six and
// three, which on a loaded machine was most of the wait before the first test.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config/config.ts';
import { startServer } from '../apps/server/src/start.ts';
import {
  E2E_BASE_URL,
  E2E_DATABASE_URL,
  E2E_DATA_DIR,
  E2E_MAIL_API_PORT,
  E2E_PORT,
  E2E_SMTP_PORT,
  REPO_ROOT,
} from './env.ts';
import { startMailSink } from './mail-sink.ts';
import { prepareBotCheckInstance } from './start-bot-check-server.ts';

const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as {
  version: string;
};
const COMMON_ENV = { NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };

const apps: FastifyInstance[] = [];
const closers: (() => Promise<void>)[] = [];

let closing = false;
async function stop(code: number) {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  await Promise.allSettled(apps.map((app) => app.close()));
  await Promise.allSettled(closers.map((close) => close()));
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));

async function start(name: string, env: Record<string, string>) {
  const config = loadConfig({ ...process.env, ...COMMON_ENV, ...env }, version);
  apps.push(await startServer(config));
  console.log(`e2e ${name} instance at ${config.publicOrigin}/`);
}

try {
  // The bot-check instances first: the main instance's URL answering (what Playwright waits for)
  // then means that all three are up.
  for (const instance of ['recaptcha', 'altcha'] as const) {
    const prepared = await prepareBotCheckInstance(instance);
    closers.push(prepared.close);
    await start(instance, prepared.env);
  }

  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DATA_DIR, { recursive: true });
  const sink = await startMailSink(E2E_SMTP_PORT, E2E_MAIL_API_PORT);
  closers.push(sink.close);
  await start('main', {
    PORT: String(E2E_PORT),
    PUBLIC_ORIGIN: E2E_BASE_URL,
    DATABASE_URL: E2E_DATABASE_URL,
    REDIRECT_ALLOWLIST: 'https://portal.example.org',
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  });
} catch (error) {
  console.error(error);
  await stop(1);
}
