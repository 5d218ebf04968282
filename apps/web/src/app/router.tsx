import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
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
    <BrowserRouter basename={basename}>
      <ErrorBoundary fallback={<InternalErrorPage />}>
        <Suspense fallback={<LoadingPlaceholder />}>
          <Routes>
            <Route path={ROUTES.signIn} element={<SignInFlow rememberedUsers={data.deviceUsers} redirect={redirect} />} />
            <Route path={ROUTES.controlsDemo} element={<ControlsDemoScreen />} />
            <Route path={ROUTES.snackbarDemo} element={<SnackbarDemoScreen />} />
            <Route path="*" element={<Navigate to={ROUTES.signIn} replace />} />
          </Routes>
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
