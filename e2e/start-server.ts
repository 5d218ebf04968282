// Starts the real server for the end-to-end run on a fresh SQLite database.
// Playwright's webServer runs this and stops it at the end.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { E2E_BASE_URL, E2E_DATABASE_URL, E2E_DATA_DIR, E2E_MAIL_API_PORT, E2E_PORT, E2E_SMTP_PORT, REPO_ROOT } from './env.ts';
import { startMailSink } from './mail-sink.ts';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });

const sink = await startMailSink(E2E_SMTP_PORT, E2E_MAIL_API_PORT);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/server.ts')], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: E2E_BASE_URL,
    DATABASE_URL: E2E_DATABASE_URL,
    REDIRECT_ALLOWLIST: 'https://portal.example.org',
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    LOG_LEVEL: 'warn',
  },
});

const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  void sink.close().finally(() => process.exit(code ?? 0));
});
