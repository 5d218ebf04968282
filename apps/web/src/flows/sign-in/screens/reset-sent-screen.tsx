import { useT } from '../../../shared/i18n';
import { InfoScreen } from '../../../shared/screens';
import { linkValidity } from '../../../shared/link-request/link-request.messages';
import { useBackStep } from '../use-back-step';

/**
 * The reset-password confirmation: the link is on its way to `email` (shown, so that a typo shows),
 * and how long it works when the server says (`linkMinutes`, its configured validity); back to
 * sign-in. The same screen as the link pages' "link sent" (InfoScreen). The browser's Back does what
 * its button does (useBackStep).
 */
export function ResetSentScreen({
  email,
  linkMinutes,
  onSignIn,
}: {
  email: string;
  linkMinutes: number | null;
  onSignIn: () => void;
}) {
  const t = useT();
  const signIn = useBackStep(onSignIn);
  return (
    <InfoScreen
      texts={{
        title: 'signIn.resetSent.title',
        pageTitle: 'signIn.resetSent.pageTitle',
        body: 'signIn.resetSent.body',
      }}
      action={{ label: 'signIn.resetSent.signIn', onClick: signIn }}
      bodyEnd={linkValidity(t, 'signIn.resetSent.validity', linkMinutes)}
      address={email}
    />
  );
}
