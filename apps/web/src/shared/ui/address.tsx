import styles from './address.module.css';

/**
 * An e-mail address as people must read it to recognise it. It is never broken at a hyphen, so a
 * hyphen in it ("jana-novak@…") cannot look like a word split in two; where a line ends inside it
 * (a narrow phone, large text), it breaks only after its "@" or a dot, each part between them kept
 * whole while it fits, and the sentence flows around it as around a word. Its text is the address as
 * it is: nothing invisible is added that a copy would carry. Used in a message as a value:
 * `<Message id="…" values={{ email: <Address>{email}</Address> }} />`.
 */
export function Address({ children }: { children: string }) {
  return (
    <span>
      {/* "jana-novak@example.sk" → "jana-novak@", "example.", "sk" (no look-behind: older Safari cannot parse one). */}
      {children.match(/[^@.]+[@.]?|[@.]/g)?.map((part, index) => (
        <span key={index} className={styles.part}>
          {part}
        </span>
      ))}
    </span>
  );
}
