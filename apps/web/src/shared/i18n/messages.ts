import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '@gatehouse/contract';
import type en from '../../locales/en.json';
import type { SERVER_ONLY_PREFIX } from './areas';

/**
 * English is the typed source catalogue (conventions 12): every id is a key of en.json but the
 * mails' (the server's), and each language's own name, which messages-plugin.ts adds to every catalogue.
 */
export type MessageId = Exclude<keyof typeof en, `${typeof SERVER_ONLY_PREFIX}${string}`> | `app.language.${Locale}`;

/** A compiled catalogue: message id → precompiled ICU AST (see messages-plugin.ts). */
export type CompiledMessages = Record<string, MessageFormatElement[]>;
