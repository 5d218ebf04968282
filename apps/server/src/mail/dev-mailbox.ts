import { randomUUID } from 'node:crypto';
import type { Mailer, MailMessage } from './mailer.ts';

export interface StoredMail extends MailMessage {
  id: string;
  /** Milliseconds since the epoch. */
  sentAt: number;
}

/** Mails kept at most; older ones are dropped (a developer tool, not an archive). */
export const DEV_MAILBOX_LIMIT = 200;

/**
 * The development mailbox (docs/decisions/0110-mail.md): with no SMTP_URL outside production,
 * every mail is kept in this process's memory, shown at GET /dev/mailbox and printed on the
 * console. Never used when SMTP_URL is set or in production.
 */
export class DevMailbox implements Mailer {
  private readonly mails: StoredMail[] = [];

  constructor(
    private readonly now: () => number,
    private readonly print: ((text: string) => void) | null,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const mail: StoredMail = { ...message, id: randomUUID(), sentAt: this.now() };
    this.mails.push(mail);
    if (this.mails.length > DEV_MAILBOX_LIMIT) this.mails.shift();
    this.print?.(
      [
        `──── mail to ${mail.to} (development mailbox, /dev/mailbox) ────`,
        `Subject: ${mail.subject}`,
        '',
        mail.text,
        '────',
      ].join('\n'),
    );
  }

  /** Newest first. */
  list(): StoredMail[] {
    return [...this.mails].reverse();
  }

  /** The newest mail to this address, if any. */
  latestTo(address: string): StoredMail | undefined {
    return this.list().find((m) => m.to.toLowerCase() === address.toLowerCase());
  }
}
