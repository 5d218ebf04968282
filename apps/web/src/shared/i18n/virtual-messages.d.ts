declare module 'virtual:messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  /** A catalogue with every message precompiled to an ICU AST (messages-plugin.ts). */
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
