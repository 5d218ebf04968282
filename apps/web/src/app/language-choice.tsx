import { useEffect, useId, useRef } from 'react';
import { LOCALES, localeNamed } from '@gatehouse/contract';
import { useLocale, useT } from '../shared/i18n';
import styles from './page.module.css';

/** A native select: keyboard and screen-reader friendly on every device. */
export function LanguageChoice() {
  const t = useT();
  const id = useId();
  const { locale, chooseLocale } = useLocale();
  // The list keeps what the person chose while its texts load (a second arrow key goes on from
  // there, not from the language still on the page), and shows the page's language once it changes.
  const list = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (list.current) list.current.value = locale;
  }, [locale]);
  return (
    <div className={styles.language}>
      <label htmlFor={id}>{t('app.language.label')}</label>
      <select
        id={id}
        className={styles.select}
        ref={list}
        defaultValue={locale}
        onChange={(event) => {
          const chosen = localeNamed(event.target.value);
          if (chosen !== null) void chooseLocale(chosen);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {/* Each language by its own name, the same in every catalogue (messages-plugin.ts). */}
            {t(`app.language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
