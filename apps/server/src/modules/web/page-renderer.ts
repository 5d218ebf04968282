import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CurrentUser,
  DeviceUser,
  ServerInfoAnswer,
  ServerVersionAnswer,
  TokenInfoAnswer,
} from '@gatehouse/contract';

/**
 * Server rendering of the app's pages (docs/decisions/0117-server-rendered-first-view.md): the web
 * build's renderer (apps/web/src/app/server-entry.tsx, built into dist/server/) fills the built
 * index.html with the screen, its title and language, the start-up payload and the stylesheets that
 * screen paints with.
 */

export interface PageStart {
  data: {
    user: CurrentUser;
    serverInfo: ServerInfoAnswer;
    serverVersion: ServerVersionAnswer;
    deviceUsers: readonly DeviceUser[];
  };
  signIn: {
    pinStep: { email: string; variant: 'signIn' | 'recheckOptional' | 'recheckMandatory' } | null;
    passkeyLikely: boolean;
  };
  /**
   * A reset, registration or secure-account link's check (what the page's check call answers), or
   * that this browser set a password with the reset link (`usedHere`), or null.
   */
  linkCheck: { token: string; answer: TokenInfoAnswer } | { token: string; usedHere: true } | null;
}

interface RenderInput extends PageStart {
  path: string;
  search: string;
  origin: string;
}

interface RenderedPage {
  lang: string;
  title: string;
  html: string;
  payload: string;
  /** Keys of the build manifest: the lazy modules the markup was rendered with. */
  modules: readonly string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The styles and scripts of `modules` and of every chunk they import, as the build's manifest lists them. */
export function assetsOf(
  manifest: Record<string, ManifestChunk>,
  modules: readonly string[],
): { css: string[]; js: string[] } {
  const seen = new Set<string>();
  const css: string[] = [];
  const js: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    js.push(chunk.file);
  };
  for (const module of modules) visit(module);
  return { css, js };
}

interface Renderer {
  /** Null for a page the browser renders itself. */
  renderPage(input: RenderInput): Promise<RenderedPage | null>;
}

/** What the boot script imports once the page is painted: the app (apps/web/src/app/boot.ts). */
const APP_MODULE = 'src/app/main.tsx';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The web build as the server uses it, read once. */
interface LoadedBuild {
  template: string;
  renderer: Renderer;
  manifest: Record<string, ManifestChunk>;
  /** The app's own styles: every page links them, as the boot script imports no style. */
  appStyles: readonly string[];
  /** The app's own scripts and styles (a lazy screen's are the others). */
  app: ReadonlySet<string>;
}

export class PageRenderer {
  private loaded: Promise<LoadedBuild | null> | null = null;

  constructor(private readonly webDist: string) {}

  /** The build's template, renderer and manifest, read once (a new build is served after a restart, like new server code). */
  private load() {
    this.loaded ??= (async () => {
      const entry = path.join(this.webDist, 'server', 'server-entry.js');
      const template = path.join(this.webDist, 'index.html');
      if (!fs.existsSync(entry) || !fs.existsSync(template)) return null;
      const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
      const manifest = JSON.parse(fs.readFileSync(path.join(this.webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const app = assetsOf(manifest, ['index.html', APP_MODULE]);
      return {
        template: fs.readFileSync(template, 'utf8'),
        renderer,
        manifest,
        appStyles: app.css,
        app: new Set([...app.js, ...app.css]),
      };
    })().catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }

  /** The links and module list of each set of lazy modules, derived from the manifest once (a handful of sets). */
  private readonly heads = new Map<string, { styles: string; modules: string }>();

  private headFor(build: LoadedBuild, lazyModules: readonly string[]) {
    const key = lazyModules.join(' ');
    let head = this.heads.get(key);
    if (!head) {
      const lazy = assetsOf(build.manifest, lazyModules);
      head = {
        styles: [...build.appStyles, ...lazy.css.filter((file) => !build.app.has(file))]
          .map((file) => `<link rel="stylesheet" crossorigin href="/signin/${file}">`)
          .join(''),
        // The lazy screens' scripts are named on the payload's element: the app fetches them after the
        // paint and has them before it hydrates (apps/web/src/app/boot-signals.ts, pageModules).
        modules: escapeHtml(lazy.js.filter((file) => !build.app.has(file)).join(' ')),
      };
      this.heads.set(key, head);
    }
    return head;
  }

  /** The whole page, or null when the build has no renderer or leaves the page to the browser (then the app renders there). */
  async render(input: RenderInput): Promise<string | null> {
    const build = await this.load();
    if (!build) return null;
    const page = await build.renderer.renderPage(input);
    if (!page) return null;
    // Only what the first paint needs loads before it (docs/decisions/0117-server-rendered-first-view.md,
    // "Nothing before the first paint"): the stylesheets of the app and of the lazy screens painted.
    // No script is preloaded (the app and the lazy screens' code are fetched after the paint), no font
    // either: a font is fetched when the page's layout uses it.
    const { styles, modules } = this.headFor(build, page.modules);
    // React's own resource hints (a preload it derives from an image, should a screen show one) belong in the head.
    const hints = /^(?:<link [^>]*\/>)*/.exec(page.html)?.[0] ?? '';
    const body = page.html.slice(hints.length);
    return build.template
      .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.lang)}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace('</head>', () => `${styles}${hints}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${body}</div><script type="application/json" id="gatehouse-page" data-modules="${modules}">${page.payload}</script>`,
      );
  }
}

/** Browsers whose autofill can offer passkeys (conditional mediation), from the User-Agent: a guess the app corrects. */
export function passkeyLikely(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  const version = (pattern: RegExp) => Number(pattern.exec(userAgent)?.[1] ?? 0);
  if (/Firefox\//.test(userAgent)) return version(/Firefox\/(\d+)/) >= 119;
  if (/Chrom(e|ium)\//.test(userAgent)) return version(/Chrom(?:e|ium)\/(\d+)/) >= 108;
  if (/Safari\//.test(userAgent)) return version(/Version\/(\d+)/) >= 16;
  return false;
}
