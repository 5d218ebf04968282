import { Suspense, useMemo, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { SignInFlow } from '../flows/sign-in';
import { ErrorBoundary } from './error-boundary';
import { InternalErrorPage } from './internal-error-page';
import { lazyWithTimeout } from '../shared/chunks';
import { LoadingPlaceholder } from './page-frame';
import { ROUTES } from './routes';
import { MessageAreaGate } from '../shared/i18n';
import type { LinkCheck } from '../shared/link-request';
import type { SignInStart } from './page-payload';
import type { StartUpData } from './start-up';

// The demo pages are not part of the first view: separate chunks.
const ControlsDemoScreen = lazyWithTimeout(() =>
  import('../flows/demo').then((m) => ({ default: m.ControlsDemoScreen })),
);
const SnackbarDemoScreen = lazyWithTimeout(() =>
  import('../flows/demo').then((m) => ({ default: m.SnackbarDemoScreen })),
);
// The other pages are reached from a link (a mail's, the default page's), never from the sign-in page's
// first view: each route, with its wiring and its message areas, is a lazy chunk with its flow.
// The token-link pages (reset, invitation) share one.
const ResetPasswordRoute = lazyWithTimeout(() =>
  import('./token-link-routes').then((m) => ({ default: m.ResetPasswordRoute })),
);
const AcceptInvitationRoute = lazyWithTimeout(() =>
  import('./token-link-routes').then((m) => ({ default: m.AcceptInvitationRoute })),
);
// The page of the "Wasn't you?" mail's link.
const SecureAccountRoute = lazyWithTimeout(() =>
  import('./secure-account-route').then((m) => ({ default: m.SecureAccountRoute })),
);
// "Sign-in and security", linked from the default page.
const SecurityRoute = lazyWithTimeout(() => import('./security-route').then((m) => ({ default: m.SecurityRoute })));

export interface AppRouterProps {
  basename: string;
  data: StartUpData;
  redirect: () => void;
  /** A server-rendered page's sign-in start (the PIN step, the passkey notice). */
  signInStart?: SignInStart;
  /** A reset or registration link's check, made by the server for the page it rendered. */
  linkCheck?: LinkCheck | null;
  /** On the server: the path being rendered (the browser's location otherwise). */
  ssrPath?: string;
}

export function AppRouter({
  basename,
  data: startUpData,
  redirect,
  signInStart,
  linkCheck = null,
  ssrPath,
}: AppRouterProps) {
  // A password reset refreshes the device user list; the sign-in route then shows the fresh one.
  const [deviceUsers, setDeviceUsers] = useState(startUpData.deviceUsers);
  const data = useMemo(() => ({ ...startUpData, deviceUsers }), [startUpData, deviceUsers]);
  return (
    <Router base={basename} {...(ssrPath === undefined ? {} : { ssrPath })}>
      <ErrorBoundary fallback={<InternalErrorPage />}>
        <Suspense fallback={<LoadingPlaceholder />}>
          <Switch>
            <Route path={ROUTES.signIn}>
              <SignInFlow
                rememberedUsers={data.deviceUsers}
                redirect={redirect}
                contactUrl={data.serverInfo.contactUrl}
                resetLinkMinutes={data.serverInfo.resetLinkMinutes}
                start={signInStart}
              />
            </Route>
            <Route path={ROUTES.controlsDemo}>
              <MessageAreaGate area="demo" fallback={<LoadingPlaceholder />}>
                <ControlsDemoScreen />
              </MessageAreaGate>
            </Route>
            <Route path={ROUTES.snackbarDemo}>
              <MessageAreaGate area="demo" fallback={<LoadingPlaceholder />}>
                <SnackbarDemoScreen />
              </MessageAreaGate>
            </Route>
            <Route path={ROUTES.resetPassword}>
              <ResetPasswordRoute
                onDeviceUsers={setDeviceUsers}
                linkCheck={linkCheck}
                resetLinkMinutes={data.serverInfo.resetLinkMinutes}
              />
            </Route>
            <Route path={ROUTES.acceptInvitation}>
              <AcceptInvitationRoute redirect={redirect} linkCheck={linkCheck} signedIn={data.user.authenticated} />
            </Route>
            <Route path={ROUTES.secureAccount}>
              <SecureAccountRoute linkCheck={linkCheck} resetLinkMinutes={data.serverInfo.resetLinkMinutes} />
            </Route>
            <Route path={ROUTES.security}>
              <SecurityRoute
                email={data.user.authenticated ? data.user.email : null}
                resetLinkMinutes={data.serverInfo.resetLinkMinutes}
              />
            </Route>
            {/* Any other path: the sign-in route. */}
            <Route>
              <Redirect to={ROUTES.signIn} replace />
            </Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </Router>
  );
}
