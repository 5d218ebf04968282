import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Two cores: argon2 at OWASP parameters and real databases need the CPU more than parallel files do.
    maxWorkers: 2,
  },
});
