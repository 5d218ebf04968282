import { Suspense } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { SignInFlow } from '../flows/sign-in';
import { ErrorBoundary } from './error-boundary';
import { InternalErrorPage } from './internal-error-page';
import { lazyWithTimeout } from './lazy-with-timeout';
import { LoadingPlaceholder } from './page-frame';
import { ROUTES } from './routes';
import type { StartUpData } from './start-up';

// The demo pages are not part of the first view: separate chunks.
const ControlsDemoScreen = lazyWithTimeout(() => import('../flows/demo').then((m) => ({ default: m.ControlsDemoScreen })));
const SnackbarDemoScreen = lazyWithTimeout(() => import('../flows/demo').then((m) => ({ default: m.SnackbarDemoScreen })));

export interface AppRouterProps {
  basename: string;
  data: StartUpData;
  redirect: () => void;
}

export function AppRouter({ basename, data, redirect }: AppRouterProps) {
  return (
    <Router base={basename}>
      <ErrorBoundary fallback={<InternalErrorPage />}>
        <Suspense fallback={<LoadingPlaceholder />}>
          <Switch>
            <Route path={ROUTES.signIn}>
              <SignInFlow rememberedUsers={data.deviceUsers} redirect={redirect} contactUrl={data.serverInfo.contactUrl} />
            </Route>
            <Route path={ROUTES.controlsDemo}>
              <ControlsDemoScreen />
            </Route>
            <Route path={ROUTES.snackbarDemo}>
              <SnackbarDemoScreen />
            </Route>
            {/* Any other path: the sign-in route (spec section 2). */}
            <Route>
              <Redirect to={ROUTES.signIn} replace />
            </Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </Router>
  );
}
