import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './tools/eslint-layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/locales/compiled/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { gatehouse: layers },
    rules: {
      'gatehouse/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // A server service or repository knows nothing of HTTP: the routes read and set cookies and hand
    // it plain values (docs/conventions.md, Server layout; docs/decisions/0165-server-module-form.md).
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: 'services and repositories take plain values: HTTP belongs to the routes' },
          ],
          patterns: [
            {
              group: ['@fastify/*'],
              message: 'services and repositories take plain values: HTTP belongs to the routes',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every lazily loaded component has the 120 s chunk time-out (docs/requirements/app-shell.md,
    // SH-43): React's own `lazy` only through shared/chunks.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/chunks/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message: 'use lazyWithTimeout from shared/chunks: a chunk that never arrives must end on the error page',
            },
          ],
        },
      ],
    },
  },
);
