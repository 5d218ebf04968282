import type { ReactNode } from 'react';
import type { ReCaptchaInfo } from '@gatehouse/contract';
import { Message } from '../shared/i18n';
import styles from './page.module.css';

const GOOGLE_PRIVACY_URL = 'https://policies.google.com/privacy';
const GOOGLE_TERMS_URL = 'https://policies.google.com/terms';

/**
 * The notice that replaces the hidden reCAPTCHA badge,
 * shown only while the bot check is on (the server gives a site key).
 */
export function BotCheckNotice({ reCaptcha }: { reCaptcha: ReCaptchaInfo | null }) {
  if (!reCaptcha?.siteKey) return null;
  const link = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {chunks}
    </a>
  );
  return (
    <p className={styles.botCheck}>
      <Message
        id="app.botCheck.notice"
        values={{
          privacy: link(reCaptcha.privacyPolicyUrl ?? GOOGLE_PRIVACY_URL),
          terms: link(reCaptcha.termsUrl ?? GOOGLE_TERMS_URL),
        }}
      />
    </p>
  );
}
