declare module 'virtual:messages/*' {
  /** A catalogue with every message precompiled to an ICU AST (messages-plugin.ts). */
  const messages: Record<string, import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>;
  export default messages;
}
