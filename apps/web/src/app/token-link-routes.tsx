import { useSearch } from 'wouter';
import type { DeviceUser } from '@gatehouse/contract';
import { FinishRegistrationFlow, ResetPasswordFlow } from '../flows/token-link';
import { MessageAreaGate } from '../shared/i18n';
import type { LinkCheck } from '../shared/link-request';
import { LoadingPlaceholder } from './page-frame';
import { useGoToSignIn } from './routes';

/**
 * The routes of the token-link pages, /signin/reset-password and /signin/accept-invitation: a lazy
 * chunk with their flow, so that none of it is in the sign-in page's first view
 * (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
 */
export function ResetPasswordRoute({
  onDeviceUsers,
  linkCheck,
  resetLinkMinutes,
}: {
  onDeviceUsers: (users: readonly DeviceUser[]) => void;
  linkCheck: LinkCheck | null;
  resetLinkMinutes: number | null;
}) {
  return (
    <MessageAreaGate area="recovery" fallback={<LoadingPlaceholder />}>
      <ResetPasswordFlow
        search={useSearch()}
        tokenCheck={linkCheck}
        goToSignIn={useGoToSignIn()}
        onDeviceUsers={onDeviceUsers}
        resetLinkMinutes={resetLinkMinutes}
      />
    </MessageAreaGate>
  );
}

export function AcceptInvitationRoute({
  redirect,
  linkCheck,
  signedIn,
}: {
  redirect: () => void;
  linkCheck: LinkCheck | null;
  signedIn: boolean;
}) {
  return (
    // Registration ends with the passkey offer, whose texts are sign-in texts.
    <MessageAreaGate area={['recovery', 'signInLater']} fallback={<LoadingPlaceholder />}>
      <FinishRegistrationFlow
        search={useSearch()}
        tokenCheck={linkCheck}
        goToSignIn={useGoToSignIn()}
        redirect={redirect}
        signedIn={signedIn}
      />
    </MessageAreaGate>
  );
}
