// One place for the end-to-end environment: the port, the origin and the
// database the server under test and the fixtures share.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** WebAuthn refuses IP addresses: always localhost. */
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'gatehouse-e2e');
export const E2E_DATABASE_URL = path.join(E2E_DATA_DIR, 'e2e.sqlite');
export const E2E_SMTP_PORT = E2E_PORT + 1;
/** Where tests read the mail the server sent (e2e/mail-sink.ts). */
export const E2E_MAIL_API = `http://127.0.0.1:${E2E_PORT + 2}`;
export const E2E_MAIL_API_PORT = E2E_PORT + 2;
/** Each worker's client-address proxy (client-address.ts) listens on E2E_PORT + 4 + its index: 6 workers at most. */
export const E2E_PROXY_PORT = E2E_PORT + 4;
export const E2E_MAX_WORKERS = 6;

/**
 * Two more server instances for the bot-check specs (tests/bot-check.spec.ts), each on its own
 * port, database and SMTP sink (port +1, its mail API +2); reCAPTCHA's stand-in script and verifier on +3.
 */
// Not in E2E_DATA_DIR: start-server.ts empties that while these instances may already be up.
const BOT_CHECK_DATA_DIR = `${E2E_DATA_DIR}-bot-check`;
export const BOT_CHECK_INSTANCES = {
  recaptcha: { port: E2E_PORT + 10, databaseUrl: path.join(BOT_CHECK_DATA_DIR, 'recaptcha.sqlite') },
  altcha: { port: E2E_PORT + 20, databaseUrl: path.join(BOT_CHECK_DATA_DIR, 'altcha.sqlite') },
} as const;
export type BotCheckInstance = keyof typeof BOT_CHECK_INSTANCES;
export const instanceUrl = (instance: BotCheckInstance) => `http://localhost:${BOT_CHECK_INSTANCES[instance].port}`;
export const instanceMailApi = (instance: BotCheckInstance) =>
  `http://127.0.0.1:${BOT_CHECK_INSTANCES[instance].port + 2}`;
/** The reCAPTCHA stand-in: api.js and siteverify (e2e/start-bot-check-server.ts). */
export const RECAPTCHA_STAND_IN = `http://localhost:${BOT_CHECK_INSTANCES.recaptcha.port + 3}`;

/**
 * The two-process run (tests/fleet.spec.ts, PostgreSQL only): a round-robin proxy and two server
 * processes on loopback, three ports per worker from +40 (Playwright's TEST_PARALLEL_INDEX), so a
 * worker that runs the file again (--repeat-each) never meets another worker's fleet.
 */
const FLEET_FIRST_PORT = E2E_PORT + 40 + 3 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const FLEET_PROXY_PORT = FLEET_FIRST_PORT;
export const FLEET_SERVER_PORTS = [FLEET_FIRST_PORT + 1, FLEET_FIRST_PORT + 2] as const;
export const FLEET_BASE_URL = `http://localhost:${FLEET_PROXY_PORT}`;
