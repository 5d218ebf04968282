import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // argon2 at OWASP parameters and a real database per file: keep files apart (the worker count is set for all projects at the root).
    pool: 'forks',
    testTimeout: 20_000,
  },
});
