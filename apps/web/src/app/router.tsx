import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import type { DeviceUser } from '@gatehouse/contract';
import { SignInFlow } from '../flows/sign-in';
import { ErrorBoundary } from './error-boundary';
import { InternalErrorPage } from './internal-error-page';
import { lazyWithTimeout } from '../shared/chunks';
import { LoadingPlaceholder } from './page-frame';
import { ROUTES, SECURITY_HREF, signInHref } from './routes';
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
// The security page is reached from the default page only: a lazy chunk with its own texts.
const SecurityPage = lazyWithTimeout(() =>
  import('../flows/account-security').then((m) => ({ default: m.SecurityPage })),
);
// The token-link pages (reset, invitation) are reached from e-mailed links only: one lazy chunk, not in the sign-in route's first view.
const ResetPasswordFlow = lazyWithTimeout(() =>
  import('../flows/token-link').then((m) => ({ default: m.ResetPasswordFlow })),
);
const FinishRegistrationFlow = lazyWithTimeout(() =>
  import('../flows/token-link').then((m) => ({ default: m.FinishRegistrationFlow })),
);
// The page of the "Wasn't you?" mail's link: a lazy chunk as well.
const SecureAccountFlow = lazyWithTimeout(() =>
  import('../flows/secure-account').then((m) => ({ default: m.SecureAccountFlow })),
);

/** A guest (or a session ended meanwhile) signs in first, and comes back here (the safe-redirect rule allows an app path). */
const toSignInAndBack = () => window.location.replace(signInHref(SECURITY_HREF));

function SecurityRoute({
  email,
  resetLinkMinutes,
  onGuest = toSignInAndBack,
}: {
  /** The signed-in account's address; null for a guest. */
  email: string | null;
  resetLinkMinutes: number | null;
  onGuest?: () => void;
}) {
  useEffect(() => {
    if (email === null) onGuest();
  }, [email, onGuest]);
  if (email === null) return <LoadingPlaceholder />;
  return (
    <MessageAreaGate area="security" fallback={<LoadingPlaceholder />}>
      <SecurityPage onGuest={onGuest} backHref="/" email={email} resetLinkMinutes={resetLinkMinutes} />
    </MessageAreaGate>
  );
}

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
              <MessageAreaGate area="recovery" fallback={<LoadingPlaceholder />}>
                <ResetPasswordRoute
                  onDeviceUsers={setDeviceUsers}
                  linkCheck={linkCheck}
                  resetLinkMinutes={data.serverInfo.resetLinkMinutes}
                />
              </MessageAreaGate>
            </Route>
            <Route path={ROUTES.acceptInvitation}>
              {/* Registration ends with the passkey offer, whose texts are sign-in texts. */}
              <MessageAreaGate area={['recovery', 'signInLater']} fallback={<LoadingPlaceholder />}>
                <AcceptInvitationRoute redirect={redirect} linkCheck={linkCheck} signedIn={data.user.authenticated} />
              </MessageAreaGate>
            </Route>
            <Route path={ROUTES.secureAccount}>
              {/* The expired screen's reset-link form uses the recovery texts. */}
              <MessageAreaGate area={['secureAccount', 'recovery']} fallback={<LoadingPlaceholder />}>
                <SecureAccountRoute linkCheck={linkCheck} resetLinkMinutes={data.serverInfo.resetLinkMinutes} />
              </MessageAreaGate>
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

/** Navigation to the sign-in route, inside the router's base. */
function useGoToSignIn(): () => void {
  const [, navigate] = useLocation();
  return useCallback(() => navigate(ROUTES.signIn), [navigate]);
}

function ResetPasswordRoute({
  onDeviceUsers,
  linkCheck,
  resetLinkMinutes,
}: {
  onDeviceUsers: (users: readonly DeviceUser[]) => void;
  linkCheck: LinkCheck | null;
  resetLinkMinutes: number | null;
}) {
  return (
    <ResetPasswordFlow
      search={useSearch()}
      tokenCheck={linkCheck}
      goToSignIn={useGoToSignIn()}
      onDeviceUsers={onDeviceUsers}
      resetLinkMinutes={resetLinkMinutes}
    />
  );
}

function SecureAccountRoute({
  linkCheck,
  resetLinkMinutes,
}: {
  linkCheck: LinkCheck | null;
  resetLinkMinutes: number | null;
}) {
  const [, navigate] = useLocation();
  const goToResetPassword = useCallback(
    (token: string) => navigate(`${ROUTES.resetPassword}?${new URLSearchParams({ token }).toString()}`),
    [navigate],
  );
  return (
    <SecureAccountFlow
      search={useSearch()}
      goToSignIn={useGoToSignIn()}
      goToResetPassword={goToResetPassword}
      linkCheck={linkCheck}
      resetLinkMinutes={resetLinkMinutes}
    />
  );
}

function AcceptInvitationRoute({
  redirect,
  linkCheck,
  signedIn,
}: {
  redirect: () => void;
  linkCheck: LinkCheck | null;
  signedIn: boolean;
}) {
  return (
    <FinishRegistrationFlow
      search={useSearch()}
      tokenCheck={linkCheck}
      goToSignIn={useGoToSignIn()}
      redirect={redirect}
      signedIn={signedIn}
    />
  );
}
