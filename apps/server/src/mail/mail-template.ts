import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES, DEFAULT_PAGE, safeRedirect, toLocale, type Locale } from '@gatehouse/contract';
import { mailDateLocale, mailTexts } from './mail-catalogues.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Mail templates (docs/decisions/0110-mail.md). Each template is one file in templates/
 * named `*.mail.ts` that exports a template made by defineMailTemplate: its id, the keys of its
 * texts and a compose function that arranges the texts into blocks. The texts are in each
 * language's catalogue file under `mail.<template>.<key>` (mail-catalogues.ts), in ICU MessageFormat
 * as the screens' texts are (plurals: "{minutes, plural, one {# minútu} few {# minúty} …}"); every
 * language must have every key, each a valid message (both checked when the template is defined, so
 * at start), with the English arguments (checked by mail-catalogue.test.ts). The layout is shared.
 */
export type MailCatalogue<K extends string> = Readonly<Record<K, string>>;

export type MailBlock =
  | { kind: 'text'; text: string }
  /** A code shown large (the PIN). */
  | { kind: 'code'; code: string }
  /** A link; the URL must come from MailContext.link (the public origin), never from a request. */
  | { kind: 'link'; label: string; url: string };

export interface MailContext {
  /** PUBLIC_ORIGIN, e.g. https://signin.example.org */
  publicOrigin: string;
  /** Its host name (no port), e.g. signin.example.org */
  hostname: string;
  /** An absolute URL on the public origin for an app path such as "/signin/reset-password?token=…". */
  link(path: string): string;
}

export type Say<K extends string> = (key: K, values?: Readonly<Record<string, string | number>>) => string;

export interface ComposedMail {
  subject: string;
  blocks: MailBlock[];
  /** Plain line that ends the text part (the WebOTP line of the PIN mail). */
  lastLine?: string;
}

export interface MailTemplate<K extends string, P> {
  /** Stable name used in logs (never the content). */
  readonly id: string;
  /** Each language's texts of this template. */
  readonly catalogues: Readonly<Record<Locale, MailCatalogue<K>>>;
  /** Each language's texts, parsed once, ready to be filled in. */
  readonly formats: Readonly<Record<Locale, Readonly<Record<K, IntlMessageFormat>>>>;
  compose(say: Say<K>, params: P, context: MailContext): ComposedMail;
}

export interface MailTemplateDefinition<K extends string, P> {
  readonly id: string;
  /** Where its texts are in the catalogues: `mail.<catalogueKey>.<key>`. */
  readonly catalogueKey: string;
  readonly keys: readonly K[];
  compose(say: Say<K>, params: P, context: MailContext): ComposedMail;
}

/** A template with its texts read from every language's catalogue; a missing text fails here, at start. */
export function defineMailTemplate<K extends string, P>({
  id,
  catalogueKey,
  keys,
  compose,
}: MailTemplateDefinition<K, P>): MailTemplate<K, P> {
  const texts = mailTexts();
  const catalogueOf = (locale: Locale): MailCatalogue<K> =>
    Object.fromEntries(
      keys.map((key) => {
        const text = texts[locale][`${catalogueKey}.${key}`];
        if (text === undefined || text.trim() === '')
          throw new Error(`the ${locale} catalogue has no text "mail.${catalogueKey}.${key}" for the ${id} mail`);
        return [key, text];
      }),
    ) as MailCatalogue<K>;
  const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, catalogueOf(locale)])) as Record<
    Locale,
    MailCatalogue<K>
  >;
  const formatsOf = (locale: Locale) =>
    Object.fromEntries(
      keys.map((key) => {
        try {
          return [key, new IntlMessageFormat(catalogues[locale][key], mailDateLocale(locale))];
        } catch (error) {
          throw new Error(
            `"mail.${catalogueKey}.${key}" in the ${locale} catalogue is not a valid message: ${String(error)}`,
            {
              cause: error,
            },
          );
        }
      }),
    ) as Record<K, IntlMessageFormat>;
  const formats = Object.fromEntries(LOCALES.map((locale) => [locale, formatsOf(locale)])) as Record<
    Locale,
    Record<K, IntlMessageFormat>
  >;
  return { id, catalogues, formats, compose };
}

/** Names of a message's arguments (`{name}`, `{count, plural, …}`), sorted, each once. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.tag) walk(element.children);
      else if (element.type === TYPE.plural || element.type === TYPE.select) {
        names.add(element.value);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type !== TYPE.literal && element.type !== TYPE.pound) names.add(element.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return [...names].sort();
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function mailContext(publicOrigin: string): MailContext {
  const origin = new URL(publicOrigin);
  return {
    publicOrigin: origin.origin,
    hostname: origin.hostname,
    link(path: string) {
      // The same rule as every redirect (docs/decisions/0004-redirect-safety.md): a path on the public origin only.
      const safe = path.startsWith('/') ? safeRedirect(path, { appOrigin: origin.origin }) : DEFAULT_PAGE;
      if (safe === DEFAULT_PAGE && path !== DEFAULT_PAGE)
        throw new Error('mail links are app paths on the public origin starting with a single "/"');
      return new URL(safe, origin.origin).href;
    },
  };
}

/** Renders a template for one recipient in their language (any unknown language falls back to sk). */
export function renderMail<K extends string, P>(
  template: MailTemplate<K, P>,
  input: { to: string; language: string | null | undefined; params: P; context: MailContext },
): MailMessage {
  const locale: Locale = toLocale(input.language);
  const formats = template.formats[locale];
  // A value the text names but the mail does not give is an error (intl-messageformat throws).
  const say: Say<K> = (key, values = {}) => String(formats[key].format(values));
  const mail = template.compose(say, input.params, input.context);

  const textBlocks = mail.blocks.map((b) =>
    b.kind === 'text' ? b.text : b.kind === 'code' ? b.code : `${b.label}:\n${b.url}`,
  );
  const text = [...textBlocks, ...(mail.lastLine ? [mail.lastLine] : [])].join('\n\n');

  const htmlBlocks = mail.blocks.map((b) => {
    if (b.kind === 'text') return `<p>${escapeHtml(b.text)}</p>`;
    if (b.kind === 'code')
      return `<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(b.code)}</p>`;
    return `<p><a href="${escapeHtml(b.url)}" style="color:#005db7">${escapeHtml(b.label)}</a></p>`;
  });
  if (mail.lastLine) htmlBlocks.push(`<p style="color:#565F71;font-size:12px">${escapeHtml(mail.lastLine)}</p>`);
  const html = [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="font-family:\'Open Sans\',Arial,sans-serif;color:#202124;font-size:15px;line-height:1.5">',
    ...htmlBlocks,
    '</body></html>',
  ].join('\n');

  return { to: input.to, subject: mail.subject, text, html };
}
