import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SecureAccountFlow } from '../flows/secure-account';
import { MessageAreaGate } from '../shared/i18n';
import type { LinkCheck } from '../shared/link-request';
import { LoadingPlaceholder } from './page-frame';
import { ROUTES, useGoToSignIn } from './routes';

/**
 * The route of the "Wasn't you?" mail's page, /signin/secure-account: a lazy chunk with its flow
 * (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
 */
export function SecureAccountRoute({
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
    // The expired screen's reset-link form uses the recovery texts.
    <MessageAreaGate area={['secureAccount', 'recovery']} fallback={<LoadingPlaceholder />}>
      <SecureAccountFlow
        search={useSearch()}
        goToSignIn={useGoToSignIn()}
        goToResetPassword={goToResetPassword}
        linkCheck={linkCheck}
        resetLinkMinutes={resetLinkMinutes}
      />
    </MessageAreaGate>
  );
}
