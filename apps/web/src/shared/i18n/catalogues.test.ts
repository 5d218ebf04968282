import { describe, expect, it } from 'vitest';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES, toLocale } from '@gatehouse/contract';
import en from '../../locales/en.json';

/** Every catalogue file, whether or not LOCALES names it (a test below says it must). */
const FILES = import.meta.glob<Record<string, string>>('../../locales/*.json', { eager: true, import: 'default' });
const CATALOGUES: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(FILES).map(([file, catalogue]) => [file.replace(/^.*\/(\w+)\.json$/, '$1'), catalogue]),
);
const TRANSLATIONS = LOCALES.filter((locale) => locale !== 'en');
/** The CLDR plural categories a language needs (for integers and decimals), from the platform's own data. */
const pluralCategoriesOf = (locale: string): string[] =>
  new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

interface Shape {
  args: Set<string>;
  plurals: Map<string, string[]>;
  tags: Set<string>;
}

function shapeOf(
  elements: MessageFormatElement[],
  shape: Shape = { args: new Set(), plurals: new Map(), tags: new Set() },
): Shape {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time)
      shape.args.add(el.value);
    if (el.type === TYPE.tag) {
      shape.tags.add(el.value);
      shapeOf(el.children, shape);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      shape.args.add(el.value);
      if (el.type === TYPE.plural) shape.plurals.set(el.value, Object.keys(el.options).sort());
      for (const option of Object.values(el.options)) shapeOf(option.value, shape);
    }
  }
  return shape;
}

describe('message catalogues', () => {
  it('are one file per language of LOCALES, no more', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LOCALES].sort());
  });

  it('have every English id in every other language, and no others', () => {
    for (const locale of TRANSLATIONS) {
      expect(Object.keys(CATALOGUES[locale] ?? {}).sort(), locale).toEqual(Object.keys(en).sort());
    }
  });

  it('use the same ICU arguments and tags as English in every message', () => {
    for (const [id, source] of Object.entries(en)) {
      const expected = shapeOf(parse(source));
      for (const locale of TRANSLATIONS) {
        const translated = CATALOGUES[locale]?.[id];
        expect(translated, `${locale} ${id}`).toBeTypeOf('string');
        const actual = shapeOf(parse(translated ?? ''));
        expect([...actual.args].sort(), `${locale} ${id} arguments`).toEqual([...expected.args].sort());
        expect([...actual.tags].sort(), `${locale} ${id} tags`).toEqual([...expected.tags].sort());
      }
    }
  });

  it('give every plural the categories its locale needs', () => {
    let plurals = 0;
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      for (const [id, message] of Object.entries(catalogue)) {
        for (const [arg, categories] of shapeOf(parse(message)).plurals) {
          plurals += 1;
          expect(categories, `${locale} ${id} {${arg}}`).toEqual(expect.arrayContaining(pluralCategoriesOf(locale)));
        }
      }
    }
    expect(plurals).toBeGreaterThanOrEqual(9);
  });

  it("keep the provider's wording exactly, typos included", () => {
    expect(en['app.error.internal.message']).toBe(
      'An error has occured while processing your request. Try to reload page and repeat request.',
    );
    expect(en['signIn.notice.serverError']).toBe(
      'Signing in using email address and password is temporarily unavailable.',
    );
    expect(en['signIn.notice.invalidCredentials']).toBe('You have entered incorrect credentials.');
    expect(en['app.snackbar.network']).toBe('There is a problem with network connection.');
    expect(en['validation.enterField']).toBe('Enter {field}');
  });
});

describe('locale choice', () => {
  it('keeps en, sk and cs and falls back to Slovak for anything else', () => {
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale('cs')).toBe('cs');
    expect(toLocale('de')).toBe('sk');
    expect(toLocale('')).toBe('sk');
    expect(toLocale(undefined)).toBe('sk');
  });
});
