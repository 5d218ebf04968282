import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { messagesPlugin } from './messages-plugin.ts';

export default defineConfig({
  plugins: [react(), messagesPlugin(fileURLToPath(new URL('./src/locales', import.meta.url)))],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
