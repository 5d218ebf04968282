// The floor pages of `npm run bench` (bench/pages.mjs; README, Benchmarks): one minimal React 19
// sign-in form, built twice: csr/ renders into an empty root, prerendered/ gets the form's HTML
// at build time (react-dom/server) and hydrates it. Minified like the app; the bench serves the
// output (outside the repository, or bench/floor/dist, which git ignores) with brotli.
import { fileURLToPath } from 'node:url';
import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { defineConfig, type Plugin } from 'vite';
import { SignInForm } from './form.tsx';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PLACEHOLDER = '<!--floor-form-->';

/** Puts the server-rendered form into prerendered/index.html; csr/ keeps an empty root. */
function prerenderPlugin(): Plugin {
  return {
    name: 'floor:prerender',
    transformIndexHtml(html, context) {
      const form = context.path.includes('prerendered')
        ? renderToString(createElement(StrictMode, null, createElement(SignInForm)))
        : '';
      return html.replace(PLACEHOLDER, form);
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/',
  logLevel: 'warn',
  plugins: [prerenderPlugin()],
  build: {
    outDir: process.env.FLOOR_OUT_DIR ?? here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: { input: { csr: here('./csr/index.html'), prerendered: here('./prerendered/index.html') } },
  },
});
