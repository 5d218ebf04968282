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
