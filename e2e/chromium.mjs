// Finds a Chromium or Chrome on this system for Playwright (we never download
// browsers). CHROME_PATH wins; then the usual Debian/Ubuntu/Chrome locations.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
];

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

export const MISSING_CHROMIUM_HELP = [
  'No Chromium or Chrome was found for the end-to-end tests.',
  'Install one, for example on Debian/Ubuntu:  sudo apt-get install -y chromium',
  'or point CHROME_PATH at an existing Chrome/Chromium binary.',
  `Looked for: ${CHROMIUM_CANDIDATES.join(', ')}`,
].join('\n');

/** Flags for running as root in a closed network (no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
