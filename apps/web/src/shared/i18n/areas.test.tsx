import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import core from 'virtual:messages/en/core';
import skCore from 'virtual:messages/sk/core';
import recovery from 'virtual:messages/en/recovery';
import all from 'virtual:messages/en';
import { MESSAGE_AREAS, SERVER_ONLY_PREFIX, areaOf } from './areas';
import { I18nProvider, MessageAreaGate } from './i18n-provider';
import { useT } from './use-t';

function ResetTitle() {
  const t = useT();
  return <h1>{t('reset.title')}</h1>;
}

describe('catalogue areas', () => {
  it('keeps the texts of every area out of the core catalogue and loses none', () => {
    expect(Object.keys(core).some((id) => areaOf(id) !== 'core')).toBe(false);
    expect(Object.keys(recovery).length).toBeGreaterThan(10);
    expect(Object.keys(recovery).every((id) => areaOf(id) === 'recovery')).toBe(true);
    expect(core['signIn.login.title']).toBeDefined();
    expect(core['reset.title']).toBeUndefined();
    const outside = Object.keys(all).filter((id) => areaOf(id) !== 'core').length;
    expect(Object.keys(core).length + outside).toBe(Object.keys(all).length);
    for (const area of Object.keys(MESSAGE_AREAS)) {
      expect(
        Object.keys(all).some((id) => areaOf(id) === area),
        `area ${area} has messages`,
      ).toBe(true);
    }
  });

  it("keeps the mails' texts (the server's) out of every browser catalogue", () => {
    expect(Object.keys(all).filter((id) => id.startsWith(SERVER_ONLY_PREFIX))).toEqual([]);
    expect(Object.keys(core).filter((id) => id.startsWith(SERVER_ONLY_PREFIX))).toEqual([]);
  });

  it("names every language by its own name in every catalogue, from that language's own file", () => {
    for (const catalogue of [core, skCore]) {
      expect(catalogue['app.language.sk']).toEqual([{ type: 0, value: 'Slovenčina' }]);
      expect(catalogue['app.language.cs']).toEqual([{ type: 0, value: 'Čeština' }]);
      expect(catalogue['app.language.en']).toEqual([{ type: 0, value: 'English' }]);
    }
  });

  it('renders a lazy screen only once its area is loaded, in the current language', async () => {
    render(
      <I18nProvider initial={{ locale: 'sk', messages: skCore, areas: [] }}>
        <MessageAreaGate area="recovery" fallback={<p>waiting</p>}>
          <ResetTitle />
        </MessageAreaGate>
      </I18nProvider>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    // Slovak is the default locale: the Slovak recovery texts arrive.
    expect(await screen.findByRole('heading', { level: 1, name: 'Nastavte si nové heslo' })).toBeTruthy();
  });
});

describe('applying the language', () => {
  it('keeps the same catalogue when the same language is applied again, so effects depending on it do not loop', async () => {
    const { useEffect } = await import('react');
    const { useLocale } = await import('./i18n-provider');
    let effects = 0;
    function ApplyOnEveryChange() {
      const t = useT();
      const { locale, applyLanguage } = useLocale();
      useEffect(() => {
        effects += 1;
        void applyLanguage('sk');
      }, [t, applyLanguage]);
      return <p>{locale}</p>;
    }
    render(
      <I18nProvider initial={{ locale: 'sk', messages: skCore, areas: [] }}>
        <ApplyOnEveryChange />
      </I18nProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(effects).toBeLessThanOrEqual(2);
  });
});
