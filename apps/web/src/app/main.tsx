import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../shared/ui/theme.css';
import './global.css';
import { call, reloadPage } from '../shared/api';
import { configureBotCheck } from '../shared/bot-check';
import { FALLBACK_LOCALE, loadFallbackMessages } from '../shared/i18n';
import { App } from './app';
import { AppReady } from './app-ready';
import { pageModules } from './boot-signals';
import { readPagePayload } from './page-payload';
import { Providers } from './providers';
import { basenameFrom, redirectsSignedInUser } from './routes';
import { readRedirectParam, startUp } from './start-up';

const redirectParam = readRedirectParam(window.location.search);
const appOrigin = window.location.origin;
const basename = basenameFrom(document.baseURI);
const root = document.getElementById('root');
const common = {
  basename,
  redirectParam,
  appOrigin,
  assign: (url: string) => window.location.assign(url),
  reload: reloadPage,
};

// A page the server rendered carries its start-up data: the app takes over that markup as it is
// (docs/decisions/0117-server-rendered-first-view.md). Without it (Vite's dev server), the four
// start-up calls go out before React renders anything.
const payload = readPagePayload(document);
if (root && payload) {
  configureBotCheck(payload.data.serverInfo);
  const hydrate = () =>
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread in one long task: a key pressed meanwhile is handled at once.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <Providers i18n={{ locale: payload.locale, messages: payload.messages, areas: payload.areas }}>
            <App rendered={{ data: payload.data, signIn: payload.signIn, linkCheck: payload.linkCheck }} {...common} />
            <AppReady />
          </Providers>
        </StrictMode>,
      );
    });
  // The painted screen's own code first (a lazy screen's, listed by the server): a part that waited
  // for its code while the app's first effects ran would be rendered again, and lose what was typed.
  // Should one not load, hydration goes on and that part loads as it would have.
  void Promise.all(pageModules(document).map((href) => import(/* @vite-ignore */ href)))
    .catch(() => undefined)
    .then(hydrate);
} else if (root) {
  const started = startUp({
    call,
    redirectParam,
    appOrigin,
    replace: (url) => window.location.replace(url),
    redirectSignedIn: redirectsSignedInUser(window.location.pathname, basename),
  });
  // The fallback language's catalogue first (the app then applies the user's).
  void loadFallbackMessages().then((messages) =>
    createRoot(root).render(
      <StrictMode>
        <Providers i18n={{ locale: FALLBACK_LOCALE, messages, areas: [] }}>
          <App startUp={started} {...common} />
          <AppReady />
        </Providers>
      </StrictMode>,
    ),
  );
}
