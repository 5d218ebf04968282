import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, MISSING_CHROMIUM_HELP, findChromium } from './chromium.mjs';
import { E2E_BASE_URL, E2E_MAX_WORKERS, E2E_PORT } from './env.ts';

const executablePath = findChromium();
if (!executablePath) throw new Error(MISSING_CHROMIUM_HELP);

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // Each worker has a proxy port of its own (fixtures.ts, client-address.ts).
  workers: process.env.CI ? 2 : Math.min(E2E_MAX_WORKERS, Math.max(1, Math.floor(availableParallelism() / 2))),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // Every test is traced and the trace kept when it fails (CI retries nothing, so the first
    // failure must say why): actions, network and DOM snapshots, without the screencast, which
    // cost about a second of CPU per test on a loaded machine.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    locale: 'en-GB',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } },
    },
  ],
  // One process serves the main instance and the two bot-check instances (tests/bot-check.spec.ts:
  // reCAPTCHA against a local stand-in, and ALTCHA); the main one answers last.
  webServer: {
    command: 'node --import tsx ./start-server.ts',
    url: `${E2E_BASE_URL}/api/server/info`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
