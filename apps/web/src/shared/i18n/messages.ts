import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type en from '../../locales/en.json';

/** English is the typed source catalogue (conventions 12): every id is a key of en.json. */
export type MessageId = keyof typeof en;

/** A compiled catalogue: message id → precompiled ICU AST (see messages-plugin.ts). */
export type CompiledMessages = Record<string, MessageFormatElement[]>;
