import { useEffect } from 'react';
import { SecurityPage } from '../flows/account-security';
import { MessageAreaGate } from '../shared/i18n';
import { LoadingPlaceholder } from './page-frame';
import { SECURITY_HREF, signInHref } from './routes';

/** A guest (or a session ended meanwhile) signs in first, and comes back here (the safe-redirect rule allows an app path). */
const toSignInAndBack = () => window.location.replace(signInHref(SECURITY_HREF));

/**
 * The route of "Sign-in and security", /signin/security: a lazy chunk with its page, reached from the
 * default page only (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
 */
export function SecurityRoute({
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
