import { useCallback, useEffect, useState } from 'react';
import { globalReaction, preloadApiLayer, useServerError } from '../shared/api';
import { useLocale, useT } from '../shared/i18n';
import { InternalErrorPage } from './internal-error-page';
import { LoadingPlaceholder, PageFrame } from './page-frame';
import { AppRouter } from './router';
import type { LinkCheck } from '../shared/link-request';
import type { SignInStart } from './page-payload';
import type { StartUpData, StartUpResult } from './start-up';
import { redirectTarget } from './start-up';

export interface AppProps {
  /** The start-up calls, started before the first render (a page the server did not render). */
  startUp?: Promise<StartUpResult>;
  /** A server-rendered page: its start-up data, the sign-in's start and, on the server, the path rendered. */
  rendered?: { data: StartUpData; signIn: SignInStart; linkCheck?: LinkCheck | null; ssrPath?: string };
  basename: string;
  redirectParam: string | null;
  appOrigin: string;
  assign: (url: string) => void;
  reload: () => void;
}

type View = { type: 'loading' } | { type: 'ready'; data: StartUpData } | { type: 'redirecting'; data: StartUpData };

export function App({ startUp, rendered, basename, redirectParam, appOrigin, assign, reload }: AppProps) {
  const t = useT();
  const { applyLanguage } = useLocale();
  const { failed, enterServerError } = useServerError();
  const [view, setView] = useState<View>(rendered ? { type: 'ready', data: rendered.data } : { type: 'loading' });

  // The API layer is not in the first view's script: it loads once the page has hydrated
  // (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
  useEffect(() => preloadApiLayer(), []);

  useEffect(() => {
    if (!startUp) return undefined;
    let live = true;
    void startUp.then(async (result) => {
      if (!live) return;
      if (result.type === 'failed') {
        // Nothing to show without the start-up data: reload on a 4xx as the
        // global handler says, else the internal error page (it has Reload).
        if (globalReaction(result.error).type === 'reload') {
          reload();
          return;
        }
        // The error page speaks the user's language when user info arrived.
        if (result.language !== null) await applyLanguage(result.language);
        if (live) enterServerError();
        return;
      }
      await applyLanguage(result.data.user.language);
      if (live) setView({ type: result.type === 'signIn' ? 'ready' : 'redirecting', data: result.data });
    });
    return () => {
      live = false;
    };
  }, [startUp, applyLanguage, enterServerError, reload]);

  const data = view.type === 'loading' ? null : view.data;
  const redirect = useCallback(
    () => assign(redirectTarget(redirectParam, appOrigin, data?.serverInfo.redirectAllowlist)),
    [assign, redirectParam, appOrigin, data],
  );

  return (
    <PageFrame
      title={t('app.title')}
      copyright={data?.serverVersion.copyright ?? null}
      reCaptcha={data?.serverInfo.reCaptcha ?? null}
      busy={!failed && view.type !== 'ready'}
    >
      {failed ? (
        <InternalErrorPage reload={reload} />
      ) : view.type === 'ready' ? (
        <AppRouter
          basename={basename}
          data={view.data}
          redirect={redirect}
          signInStart={rendered?.signIn}
          linkCheck={rendered?.linkCheck ?? null}
          ssrPath={rendered?.ssrPath}
        />
      ) : (
        <LoadingPlaceholder />
      )}
    </PageFrame>
  );
}
