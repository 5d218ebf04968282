import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@gatehouse/contract';
import { mailDateLocale } from './mail-catalogues.ts';
import {
  defineMailTemplate,
  mailContext,
  placeholdersOf,
  renderMail,
  type MailCatalogue,
  type MailTemplate,
} from './mail-template.ts';
import { pinCodeMail } from './templates/pin-code.mail.ts';

const TEMPLATE_DIR = new URL('./templates/', import.meta.url);

/** Every template file, so that a new *.mail.ts is checked without touching this test. */
async function loadTemplates(): Promise<{ file: string; template: MailTemplate<string, unknown> }[]> {
  const files = fs.readdirSync(TEMPLATE_DIR).filter((f) => f.endsWith('.mail.ts'));
  const loaded = [];
  for (const file of files) {
    const module = (await import(new URL(file, TEMPLATE_DIR).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value === 'object' && value !== null && 'catalogues' in value && 'compose' in value) {
        loaded.push({ file, template: value as MailTemplate<string, unknown> });
      }
    }
  }
  return loaded;
}

describe('mail catalogues', () => {
  it('find at least the PIN template, one template per file', async () => {
    const templates = await loadTemplates();
    expect(templates.map((t) => t.template.id)).toContain('pin-code');
    expect(new Set(templates.map((t) => t.template.id)).size).toBe(templates.length);
  });

  it('have in every language exactly the keys of the English source, each with the same placeholders and some text', async () => {
    for (const { file, template } of await loadTemplates()) {
      const en: MailCatalogue<string> = template.catalogues.en;
      for (const locale of LOCALES) {
        const catalogue: MailCatalogue<string> = template.catalogues[locale];
        expect(Object.keys(catalogue).sort(), `${file} ${locale} keys`).toEqual(Object.keys(en).sort());
        for (const key of Object.keys(en)) {
          expect(placeholdersOf(catalogue[key] ?? ''), `${file} ${locale}.${key}`).toEqual(
            placeholdersOf(en[key] ?? ''),
          );
          expect((catalogue[key] ?? '').trim().length, `${file} ${locale}.${key} is empty`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('are translated: every other language’s texts differ from the English ones', async () => {
    for (const { template } of await loadTemplates()) {
      const en: MailCatalogue<string> = template.catalogues.en;
      const keys = Object.keys(en);
      for (const locale of LOCALES.filter((code) => code !== 'en')) {
        const catalogue: MailCatalogue<string> = template.catalogues[locale];
        expect(keys.filter((k) => catalogue[k] !== en[k]).length, `${template.id} ${locale}`).toBeGreaterThan(
          keys.length / 2,
        );
      }
    }
  });
});

describe('mail texts in the catalogue files', () => {
  it('fail a template at start when a language lacks one of its texts', () => {
    expect(() =>
      defineMailTemplate({
        id: 'no-such',
        catalogueKey: 'pinCode',
        keys: ['subject', 'notThere'],
        compose: (say) => ({ subject: say('subject'), blocks: [] }),
      }),
    ).toThrow(/no text "mail\.pinCode\.notThere"/);
  });

  it('come from each language’s catalogue file, under mail.<template>.<key>', () => {
    const sk = JSON.parse(
      fs.readFileSync(new URL('../../../web/src/locales/sk.json', import.meta.url), 'utf8'),
    ) as Record<string, string>;
    expect(pinCodeMail.catalogues.sk.subject).toBe(sk['mail.pinCode.subject']);
    expect(mailDateLocale('en')).toBe('en-GB');
  });
});

describe('mail texts in ICU MessageFormat', () => {
  const context = mailContext('https://signin.example.org');
  const validity = (language: string, validMinutes: number) =>
    renderMail(pinCodeMail, {
      to: 'a@b.test',
      language,
      params: { pin: 'ABC123', firstName: 'Eva', validMinutes },
      context,
    })
      .text.split('\n\n')
      .find((block) => /\d/.test(block) && !block.includes('ABC123'));

  it('say a validity in the plural form the number needs, in every language', () => {
    expect([1, 2, 5, 10].map((n) => validity('sk', n))).toEqual([
      'Kód platí 1 minútu a dá sa použiť iba raz.',
      'Kód platí 2 minúty a dá sa použiť iba raz.',
      'Kód platí 5 minút a dá sa použiť iba raz.',
      'Kód platí 10 minút a dá sa použiť iba raz.',
    ]);
    expect([1, 3, 10].map((n) => validity('cs', n))).toEqual([
      'Kód platí 1 minutu a lze ho použít jen jednou.',
      'Kód platí 3 minuty a lze ho použít jen jednou.',
      'Kód platí 10 minut a lze ho použít jen jednou.',
    ]);
    expect([1, 10].map((n) => validity('en', n))).toEqual([
      'The code is valid for 1 minute and can be used once.',
      'The code is valid for 10 minutes and can be used once.',
    ]);
  });

  it('are read with the ICU parser: plural arguments count as arguments, a broken message is an error', () => {
    expect(placeholdersOf('Platí {minutes, plural, one {# minútu} other {# minút}} ({count})')).toEqual([
      'count',
      'minutes',
    ]);
    expect(() => placeholdersOf('Platí {minutes, plural, one {# minútu}')).toThrow();
  });
});
