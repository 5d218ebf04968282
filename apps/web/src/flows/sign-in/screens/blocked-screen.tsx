import { useId } from 'react';
import type { ReactNode } from 'react';
import { Message, useT } from '../../../shared/i18n';
import { Button, Card } from '../../../shared/ui';
import { Address } from '../../../shared/ui/address';
import { ScreenTitle } from '../../../shared/a11y';
import styles from './screens.module.css';

export interface BlockedScreenProps {
  onUseAnother: () => void;
  onResetPassword: () => void;
}

/** Blocked after invalid PINs: the way out is a new password. */
export function BlockedScreen({ onUseAnother, onResetPassword }: BlockedScreenProps) {
  const t = useT();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={t('signIn.blocked.pageTitle')}>
        {t('signIn.blocked.title')}
      </ScreenTitle>
      <p className={styles.text}>{t('signIn.blocked.pinBody')}</p>
      <div className={styles.stack}>
        <Button variant="filled" rounded fullWidth onClick={onResetPassword}>
          {t('signIn.blocked.resetPassword')}
        </Button>
        <Button variant="outlined" rounded fullWidth onClick={onUseAnother}>
          {t('signIn.blocked.useAnother')}
        </Button>
      </div>
    </Card>
  );
}

/** Only links a person can follow: a web page, a mail address or a phone number. */
export function safeContactUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value, window.location.href);
    return ['https:', 'http:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export interface DisabledScreenProps {
  email: string;
  /** Where to turn for help (server info contactUrl); no link without it. */
  contactUrl: string | null;
  onUseAnother: () => void;
}

/** Disabled by an administrator: only the provider can help, so only 'use another account'. */
export function DisabledScreen({ email, contactUrl, onUseAnother }: DisabledScreenProps) {
  const t = useT();
  const titleId = useId();
  const contact = safeContactUrl(contactUrl);
  return (
    <Card aria-labelledby={titleId} className={styles.card}>
      <ScreenTitle id={titleId} className={styles.title} pageTitle={t('signIn.disabled.pageTitle')}>
        {t('signIn.disabled.title')}
      </ScreenTitle>
      <p className={styles.text}>
        <Message id="signIn.disabled.body" values={{ email: <Address>{email}</Address> }} />
      </p>
      {contact !== null && (
        <p className={styles.text}>
          <Message
            id="signIn.blocked.contact"
            values={{ contact: (chunks: ReactNode[]) => <a href={contact}>{chunks}</a> }}
          />
        </p>
      )}
      <div className={styles.stack}>
        <Button variant="outlined" rounded fullWidth onClick={onUseAnother}>
          {t('signIn.blocked.useAnother')}
        </Button>
      </div>
    </Card>
  );
}
