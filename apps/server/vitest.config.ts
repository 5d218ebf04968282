import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // argon2 at OWASP parameters and a real database per file: keep files apart, but not too many at once (2 shared cores).
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
