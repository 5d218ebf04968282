import styles from './address.module.css';

/**
 * The longest first or last part kept as plain text that never breaks (`edge`): 16 characters at twice
 * the default text size are about 280 px, within the line of a 320 px screen.
 */
const EDGE_PART_MAX_LENGTH = 16;

/**
 * An e-mail address as people must read it to recognise it. It is never broken at a hyphen, so a
 * hyphen in it ("jana-novak@…") cannot look like a word split in two; where a line ends inside it
 * (a narrow phone, large text), it breaks only after its "@" or a dot, each part between them kept
 * whole while it fits, and the sentence flows around it as around a word. Its text is the address as
 * it is: nothing invisible is added that a copy would carry. Used in a message as a value:
 * `<Message id="…" values={{ email: <Address>{email}</Address> }} />`.
 */
export function Address({ children }: { children: string }) {
  // "jana-novak@example.sk" → "jana-novak@", "example.", "sk" (no look-behind: older Safari cannot parse one).
  const parts = children.match(/[^@.]+[@.]?|[@.]/g) ?? [];
  // The first and the last part are text that does not break when short, so that what the sentence
  // puts right against the address ("(", ")", a full stop) stays on its line, as beside a word; with a
  // block between them the line can still break after the first and before the last.
  const edge = (index: number) =>
    parts.length >= 3 &&
    (index === 0 || index === parts.length - 1) &&
    (parts[index]?.length ?? 0) <= EDGE_PART_MAX_LENGTH;
  return (
    <span>
      {parts.map((part, index) => (
        <span key={index} className={edge(index) ? styles.edge : styles.part}>
          {part}
        </span>
      ))}
    </span>
  );
}
