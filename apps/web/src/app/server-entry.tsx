/**
 * The server's renderer of the app's pages (docs/decisions/0117-server-rendered-first-view.md).
 * Built by `vite build --ssr` into dist/server/ and loaded by the API server's web module: given
 * what the start-up calls would answer for this request, it returns the page's markup, title and
 * payload, so the browser paints the real screen before any script and the app hydrates it.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { APP_PAGES, appPageOf, toLocale } from '@gatehouse/contract';
import type { SignInStart } from '../flows/sign-in';
import type { LinkCheck } from '../shared/link-request';
import { createFormatter, loadArea, loadMessages } from '../shared/i18n';
import type { CompiledMessages, MessageArea } from '../shared/i18n';
import { App } from './app';
import { AppReady } from './app-ready';
import { payloadJson } from './page-payload';
import type { PagePayload } from './page-payload';
import { Providers } from './providers';
import { SIGN_IN_BASE_PATH } from './routes';
import { readRedirectParam } from './start-up';
import type { StartUpData } from './start-up';

export interface RenderInput {
  /** The request's path (under /signin) and query without '?'. */
  path: string;
  search: string;
  /** The page's origin, as the browser sees it (the safe-redirect rule compares against it). */
  origin: string;
  data: StartUpData;
  signIn: SignInStart;
  linkCheck: LinkCheck | null;
}

export interface RenderedPage {
  lang: string;
  title: string;
  /** The markup of the app's root element. */
  html: string;
  /** The payload's JSON, safe inside a script element. */
  payload: string;
  /** Message areas the page needed (for tests and logs). */
  areas: readonly MessageArea[];
  /**
   * The lazy modules the markup was rendered with (keys of the build manifest): the page links their
   * styles, so the first paint is styled, and preloads their scripts, so hydration does not wait.
   */
  modules: readonly string[];
}

/**
 * The pages rendered on the server: the product's. The demo pages and unknown paths (which the router
 * sends to the sign-in page) are left to the browser.
 */
const SERVER_RENDERED: ReadonlySet<string> = new Set([
  APP_PAGES.signIn,
  APP_PAGES.resetPassword,
  APP_PAGES.acceptInvitation,
  APP_PAGES.secureAccount,
  APP_PAGES.security,
]);

/** The catalogue areas each page needs besides the core messages (the router's MessageAreaGates, in the same order). */
function modulesFor(page: string, signIn: SignInStart): string[] {
  switch (page) {
    case APP_PAGES.resetPassword:
    case APP_PAGES.acceptInvitation:
      return ['src/app/token-link-routes.tsx'];
    case APP_PAGES.secureAccount:
      return ['src/app/secure-account-route.tsx'];
    case APP_PAGES.security:
      return ['src/app/security-route.tsx'];
    default:
      return signIn.pinStep
        ? ['src/flows/sign-in/screens/later-screens.ts', 'src/flows/sign-in/screens/remember-device-checkbox.tsx']
        : [];
  }
}

function areasFor(page: string, signIn: SignInStart): MessageArea[] {
  switch (page) {
    case APP_PAGES.resetPassword:
      return ['recovery'];
    case APP_PAGES.acceptInvitation:
      return ['recovery', 'signInLater'];
    case APP_PAGES.secureAccount:
      return ['secureAccount', 'recovery'];
    case APP_PAGES.security:
      return ['security'];
    default:
      // The PIN screen is one of the sign-in's later screens, with their texts.
      return signIn.pinStep ? ['signInLater'] : [];
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page, or null for a page the browser renders itself (see SERVER_RENDERED). Throws when rendering fails. */
export async function renderPage(input: RenderInput): Promise<RenderedPage | null> {
  const page = appPageOf(input.path);
  if (!SERVER_RENDERED.has(page)) return null;
  const locale = toLocale(input.data.user.language);
  const areas = areasFor(page, input.signIn);
  const [core, ...parts] = await Promise.all([loadMessages(locale), ...areas.map((area) => loadArea(locale, area))]);
  const messages = Object.assign({}, core, ...parts) as CompiledMessages;
  const payload: PagePayload = {
    data: input.data,
    locale,
    messages,
    areas,
    signIn: input.signIn,
    linkCheck: input.linkCheck,
  };
  const search = input.search === '' ? '' : `?${input.search}`;

  // The same tree as main.tsx hydrates, AppReady included: useId derives its ids from the tree's shape
  // (the App as the first of two children), and hydration keeps the ids of the markup as they are.
  // The lazy screens are awaited, so the markup is complete.
  // Any error fails the whole page: React would otherwise leave that part to the browser with an
  // inline script, which the CSP refuses.
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers i18n={{ locale, messages, areas }}>
        <App
          rendered={{
            data: input.data,
            signIn: input.signIn,
            linkCheck: input.linkCheck,
            ssrPath: input.path + search,
          }}
          basename={SIGN_IN_BASE_PATH}
          redirectParam={readRedirectParam(search)}
          appOrigin={input.origin}
          assign={() => undefined}
          reload={() => undefined}
        />
        <AppReady />
      </Providers>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await readAll(prelude);
  if (errors.length > 0) throw new Error(`the page ${page} could not be rendered on the server`, { cause: errors[0] });
  if (html.includes('<script')) throw new Error(`the page ${page} needs an inline script, which the CSP refuses`);
  const title = createFormatter(locale, messages).format('app.title');
  return { lang: locale, title, html, payload: payloadJson(payload), areas, modules: modulesFor(page, input.signIn) };
}
