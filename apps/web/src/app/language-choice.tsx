import { useId } from 'react';
import { LOCALES, localeNamed } from '@gatehouse/contract';
import type { Locale } from '@gatehouse/contract';
import { useLocale, useT } from '../shared/i18n';
import type { MessageId } from '../shared/i18n';
import styles from './page.module.css';

/** Each language by its own name (the same in every catalogue). */
const LANGUAGE_NAMES = { sk: 'app.language.sk', en: 'app.language.en', cs: 'app.language.cs' } as const satisfies Record<Locale, MessageId>;

/** A native select: keyboard and screen-reader friendly on every device. */
export function LanguageChoice() {
  const t = useT();
  const id = useId();
  const { locale, chooseLocale } = useLocale();
  return (
    <div className={styles.language}>
      <label htmlFor={id}>{t('app.language.label')}</label>
      <select
        id={id}
        className={styles.select}
        value={locale}
        onChange={(event) => {
          const chosen = localeNamed(event.target.value);
          if (chosen !== null) void chooseLocale(chosen);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(LANGUAGE_NAMES[code])}
          </option>
        ))}
      </select>
    </div>
  );
}
