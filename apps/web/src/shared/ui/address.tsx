import styles from './address.module.css';

/**
 * The longest part kept as text that never breaks: 16 characters at twice the default text size are
 * about 280 px, within the line of a 320 px screen. A longer part is a block that keeps a last
 * resort of breaking inside, on a line too narrow for it.
 */
const LINE_SAFE_PART_MAX_LENGTH = 16;

/**
 * An e-mail address as people must read it to recognise it. It is never broken at a hyphen, so a
 * hyphen in it ("jana-novak@…") cannot look like a word split in two; where a line ends inside it
 * (a narrow phone, large text), it breaks only after its "@" or a dot, each part between them kept
 * whole while it fits, and the sentence flows around it as around a word. Its text is the address as
 * it is: nothing invisible is added that a copy would carry or that a screen reader, a braille display
 * or an accessible name would get (docs/decisions/0184-addresses-in-sentences.md). Used in a message
 * as a value: `<Message id="…" values={{ email: <Address>{email}</Address> }} />`.
 */
export function Address({ children }: { children: string }) {
  // "jana-novak@example.sk" → "jana-novak@", "example.", "sk" (no look-behind: older Safari cannot parse one).
  const parts = children.match(/[^@.]+[@.]?|[@.]/g) ?? [];
  return (
    <span>
      {parts.map((part, index) => (
        <span key={index} className={part.length <= LINE_SAFE_PART_MAX_LENGTH ? styles.part : styles.longPart}>
          {part}
        </span>
      ))}
    </span>
  );
}
