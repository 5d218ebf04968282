import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../shared/ui/theme.css';
import './global.css';
import { call, reloadPage } from '../shared/api';
import { App } from './app';
import { Providers } from './providers';
import { basenameFrom, redirectsSignedInUser } from './routes';
import { readRedirectParam, startUp } from './start-up';

const redirectParam = readRedirectParam(window.location.search);
const appOrigin = window.location.origin;

// The four start-up calls go out before React renders anything.
const started = startUp({
  call,
  redirectParam,
  appOrigin,
  replace: (url) => window.location.replace(url),
  redirectSignedIn: redirectsSignedInUser(window.location.pathname, basenameFrom(document.baseURI)),
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <App
          startUp={started}
          basename={basenameFrom(document.baseURI)}
          redirectParam={redirectParam}
          appOrigin={appOrigin}
          assign={(url) => window.location.assign(url)}
          reload={reloadPage}
        />
      </Providers>
    </StrictMode>,
  );
}
