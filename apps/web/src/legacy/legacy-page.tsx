import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { CurrentUser } from '@gatehouse/contract';
import { logout, serverVersion, toCurrentUser, userInfo } from '@gatehouse/contract';
import { InternalErrorPage } from '../app/internal-error-page';
import { LoadingPlaceholder, PageFrame } from '../app/page-frame';
import { SECURITY_HREF, signInHref } from '../app/routes';
import { ScreenTitle } from '../shared/a11y';
import { isServiceUnavailable, reloadPage, useGlobalFailureHandler, useServerError } from '../shared/api';
import { call } from '../shared/api/call';
import { Message, useLocale, useT } from '../shared/i18n';
import { Button, buttonClassName, Card, Notice } from '../shared/ui';
import { Address } from '../shared/ui/address';
import styles from './legacy-page.module.css';

export interface LegacyPageProps {
  replace?: (url: string) => void;
  assign?: (url: string) => void;
}

/**
 * The default "legacy" page at /: it stands in for the
 * provider's old application. A guest goes to sign-in with redirect=/.
 */
// Module-level defaults: stable across renders, so the loading effect runs once.
const replaceLocation = (url: string) => window.location.replace(url);
const assignLocation = (url: string) => window.location.assign(url);

export function LegacyPage({ replace = replaceLocation, assign = assignLocation }: LegacyPageProps) {
  const t = useT();
  const titleId = useId();
  const { applyLanguage } = useLocale();
  const { failed, enterServerError } = useServerError();
  const handleFailure = useGlobalFailureHandler({ reload: reloadPage });
  // The failure handler follows the language; loading must not start again when it changes.
  const onLoadFailure = useEffectEvent((error: unknown) => handleFailure(error));
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [copyright, setCopyright] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  /** Counts sign-outs that got no usable answer: each is announced (the button keeps focus). */
  const [signOutFailures, setSignOutFailures] = useState(0);

  useEffect(() => {
    let live = true;
    void call(serverVersion).then(
      (answer) => live && setCopyright(answer.copyright),
      () => undefined, // the footer can do without it
    );
    call(userInfo).then(
      async (answer) => {
        const current = toCurrentUser(answer);
        if (!live) return;
        if (current === null) return enterServerError();
        if (!current.authenticated) return replace(signInHref('/'));
        await applyLanguage(current.language);
        if (live) setUser(current);
      },
      (error: unknown) => live && onLoadFailure(error),
    );
    return () => {
      live = false;
    };
  }, [applyLanguage, enterServerError, replace]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await call(logout);
      assign(signInHref());
    } catch (error) {
      setSigningOut(false);
      // No answer or a server fault: its own message, the page stays (the session may still be
      // there); anything else (a wait, a reload) is the global handler's.
      if (isServiceUnavailable(error)) setSignOutFailures((count) => count + 1);
      else handleFailure(error);
    }
  };

  const name = user ? [user.firstName, user.surname].filter(Boolean).join(' ') : '';
  return (
    <PageFrame title={t('legacy.title')} copyright={copyright} busy={!failed && user === null}>
      {failed ? (
        <InternalErrorPage />
      ) : user === null ? (
        <LoadingPlaceholder />
      ) : (
        <Card aria-labelledby={titleId}>
          <ScreenTitle id={titleId} className={styles.title}>
            {t('legacy.title')}
          </ScreenTitle>
          {/* An account created without names is shown by its address alone, not "a@b.sk (a@b.sk)". */}
          <p className={styles.text}>
            <Message
              id="legacy.signedInAs"
              values={{ named: name === '' ? 'no' : 'yes', name, email: <Address>{user.email ?? ''}</Address> }}
            />
          </p>
          <p className={styles.text}>
            <a className={buttonClassName({ variant: 'link' })} href={SECURITY_HREF}>
              {t('legacy.security')}
            </a>
          </p>
          {signOutFailures > 0 && (
            <Notice variant="error" className={styles.notice} announce announceKey={signOutFailures}>
              {t('legacy.signOutFailed')}
            </Notice>
          )}
          <Button variant="outlined" rounded loading={signingOut} onClick={() => void signOut()}>
            {t('legacy.signOut')}
          </Button>
        </Card>
      )}
    </PageFrame>
  );
}
