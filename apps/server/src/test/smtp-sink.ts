import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** Every mail accepted so far, parsed. */
  mails: ParsedMail[];
  /** Waits for the n-th mail (1-based). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (the only peer tests stand in for).
 * With `refuse`, every message is answered 550 after DATA.
 */
export async function startSmtpSink(
  options: {
    refuse?: boolean;
    /** A given port (a server that comes back); a free one by default. */ port?: number;
  } = {},
): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (options.refuse) {
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
            return;
          }
          mails.push(mail);
          callback();
          waiters.splice(0).forEach((wake) => wake());
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s), got ${mails.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return mails[count - 1] as ParsedMail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
