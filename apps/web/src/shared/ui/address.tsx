import type { ReactNode } from 'react';
import styles from './address.module.css';

/**
 * An e-mail address as people must read it to recognise it. It is never broken at a hyphen, so a
 * hyphen in it ("jana-novak@…") cannot look like a word split in two; where a line ends inside it
 * (a narrow phone, large text), it breaks only after its "@" or a dot, each part between them kept
 * whole while it fits, and the sentence flows around it as around a word. It is text in the
 * sentence's line, with no box of its own: the address as it is, with nothing added that a copy
 * would carry or that an accessible name, a screen reader or a braille display would get
 * (docs/decisions/0184-addresses-in-sentences.md). Used in a message as a value:
 * `<Message id="…" values={{ email: <Address>{email}</Address> }} />`.
 */
export function Address({ children }: { children: string }) {
  // "jana-novak@example.sk" → "jana-novak@", "example.", "sk" (no look-behind: older Safari cannot parse one).
  const parts = children.match(/[^@.]+[@.]?|[@.]/g) ?? [];
  return (
    <span>
      {parts.map((part, index) => (
        <span key={index} className={styles.part}>
          {withHyphensJoined(part)}
        </span>
      ))}
    </span>
  );
}

/**
 * "nemocnica-example." → "nemocnica", "-e" joined, "xample.": a hyphen and the character after it
 * are one piece, so that no line ends at the hyphen (none may begin before it either).
 */
function withHyphensJoined(part: string): ReactNode[] {
  return part
    .split(/(-+[^-]?)/)
    .filter((piece) => piece !== '')
    .map((piece, index) =>
      piece.startsWith('-') ? (
        <span key={index} className={styles.joined}>
          {piece}
        </span>
      ) : (
        piece
      ),
    );
}
