declare module 'virtual:messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  /** A catalogue with every message precompiled to an ICU AST (messages-plugin.ts). */
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}

declare module 'virtual:messages/loaders' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  import type { Locale } from '@gatehouse/contract';
  import type { MessageArea } from './areas';
  type Compiled = Record<string, MessageFormatElement[]>;
  /** One lazy import per language (the contract's LOCALES): the first view's messages. */
  export function loadCore(locale: Locale): Promise<Compiled>;
  /** One lazy import per language and area (areas.ts). */
  export function loadArea(locale: Locale, area: MessageArea): Promise<Compiled>;
}

declare module 'virtual:messages/all' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  import type { Locale } from '@gatehouse/contract';
  /** Every language's whole browser catalogue (tests). */
  const all: Record<Locale, Record<string, MessageFormatElement[]>>;
  export default all;
}
