import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { messagesPlugin } from './messages-plugin.ts';
import { precompressPlugin } from './compress-plugin.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Libraries and shared code of the first view (see the bundle-budget test); not the boot script and
 * what it imports (boot*.ts, its own chunk below), which load before the first paint, nor main.tsx,
 * nor the routes of the pages reached from a link (`*-route.tsx`, `*-routes.tsx`: lazy, with their flows).
 */
const FIRST_VIEW_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|@formatjs|intl-messageformat|wouter|regexparam|tslib)[\\/]|apps[\\/]web[\\/]src[\\/](app[\\/](?!main\.tsx|boot|[\w-]+-routes?\.tsx)|shared[\\/](a11y|api|chunks|i18n|ui|bot-check|form)[\\/])/;
/**
 * Loaded on demand although they live in shared folders (their styles with them): Base UI wrappers,
 * the bot-check engines, react-hook-form's hook for the later forms, the e-mail address of later
 * screens' sentences. Not re-exported from `shared/ui/index.ts`: what `core` imports comes with it.
 */
const LAZY_UI =
  /shared[\\/](ui[\\/](address|checkbox|dialog|menu|pin-field|truncated-text)|form[\\/]use-checked-form|bot-check[\\/](recaptcha|altcha|altcha-challenge|bot-check-unavailable))(\.tsx?|\.module\.css)$/;
/**
 * The contract's plain values and rules (no schema): the first view uses them. Not reason-codes.ts:
 * the first view reads only its types, its tuples go with the endpoints (a first-view module that
 * needs one of its values adds it here, else the `api` chunk would come with the first view).
 */
const CONTRACT_FIRST_VIEW = /packages[\\/]contract[\\/]src[\\/](pages|rules|redirect|locales|constants)\.ts$/;
/**
 * The API layer, loaded after hydration: the one client, the modules of calls (`*.calls.ts`), the
 * contract's endpoints and schemas, zod (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
 */
const API_LAYER =
  /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]|apps[\\/]web[\\/]src[\\/](shared[\\/]api[\\/]call\.ts$|.*\.calls\.ts$)/;

/**
 * A CSS module's class names: the class and a short hash of the stylesheet's path (`_footer_k3x9q`),
 * the same in the browser's build and the server's. Not of its contents: an edit to a stylesheet
 * would rename all its classes in the code, and they would be sent again for nothing.
 */
function scopedName(name: string, filename: string): string {
  const file = path
    .relative(here('.'), filename.split('?')[0] ?? filename)
    .split(path.sep)
    .join('/');
  const hash = Number.parseInt(createHash('sha256').update(file).digest('hex').slice(0, 10), 16).toString(36);
  return `_${name}_${hash.slice(0, 5)}`;
}

export default defineConfig(({ isSsrBuild }) => ({
  // The contract's APP_BASE (the server serves the app there).
  base: '/signin/',
  // The server's renderer (`vite build --ssr`, docs/decisions/0117-server-rendered-first-view.md) is not sent to browsers: no precompression.
  plugins: [react(), messagesPlugin(here('./src/locales')), ...(isSsrBuild ? [] : [precompressPlugin()])],
  // The renderer bundles everything it imports (the contract is TypeScript source) and always uses
  // React's production build, whatever NODE_ENV the server runs with.
  ssr: { noExternal: true },
  css: { modules: { generateScopedName: scopedName } },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  resolve: {
    alias: [
      // Catalogues arrive precompiled (messages-plugin.ts): ship no ICU parser.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
      // React's own useSyncExternalStore for wouter, instead of the shim for old React versions.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: here('./build-shims/use-sync-external-store.ts'),
      },
    ],
  },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        copyPublicDir: false,
        emptyOutDir: true,
        target: 'node20',
        rollupOptions: { input: here('./src/app/server-entry.tsx') },
      }
    : {
        manifest: true,
        // Every browser we serve supports <link rel="modulepreload">: no polyfill in the first view.
        modulePreload: { polyfill: false },
        target: 'es2022',
        rollupOptions: {
          input: { index: here('./index.html'), legacy: here('./legacy.html') },
          output: {
            // Six characters of 0-9a-z name a file's content well enough to bust caches (2 billion
            // names for each file name), and the first view names some thirty chunks it may load:
            // a random name does not compress, so shorter, plainer ones save about 0.2 KiB there.
            entryFileNames: 'assets/[name]-[hash:6].js',
            chunkFileNames: 'assets/[name]-[hash:6].js',
            assetFileNames: 'assets/[name]-[hash:6][extname]',
            hashCharacters: 'base36',
            // Everything the sign-in route needs before the user can type goes into one
            // "core" chunk: small chunks compress worse one by one (and cost a request each).
            // Base UI (dialog, menu, checkbox), the demo pages and the later flows stay lazy.
            codeSplitting: {
              groups: [
                // What the boot script imports (Vite's preload helper, the names it shares with the app),
                // on their own: it must not pull the first view's chunk in before the paint.
                { name: 'boot', test: /vite[\\/]preload-helper|app[\\/]boot-signals/, priority: 30 },
                {
                  name: 'core',
                  test: (id: string) =>
                    CONTRACT_FIRST_VIEW.test(id) ||
                    (FIRST_VIEW_MODULES.test(id) && !LAZY_UI.test(id) && !API_LAYER.test(id)),
                  priority: 20,
                },
                { name: 'api', test: (id: string) => API_LAYER.test(id), priority: 10 },
              ],
            },
          },
        },
      },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://localhost:8080' },
  },
}));
