import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { messagesPlugin } from './messages-plugin.ts';
import { precompressPlugin } from './compress-plugin.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  base: '/signin/',
  plugins: [react(), messagesPlugin(here('./src/locales')), precompressPlugin()],
  resolve: {
    alias: [
      // Catalogues arrive precompiled (messages-plugin.ts): ship no ICU parser.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  build: {
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: { index: here('./index.html'), legacy: here('./legacy.html') },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://localhost:8080' },
  },
});
