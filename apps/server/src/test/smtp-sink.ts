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
  /** How many connections clients have opened so far. */
  connectionsOpened(): number;
  /** Waits until clients' connections have been closed this many times in all (1-based). */
  waitForClosedConnections(count: number, timeoutMs?: number): Promise<void>;
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
    /** Closes a connection that has been idle this long (`421`, as mail servers do); smtp-server's default otherwise. */
    idleTimeoutMs?: number;
  } = {},
): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  let opened = 0;
  let closed = 0;
  const wakeAll = () => waiters.splice(0).forEach((wake) => wake());
  const waitUntil = async (done: () => boolean, timeoutMs: number, what: () => string) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(what());
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Clients keep their connections open (the mailer's pool): on close, hang up on them (421) after
    // a moment, as a mail server going down does, rather than wait 30 s for them to leave.
    closeTimeout: 200,
    ...(options.idleTimeoutMs === undefined ? {} : { socketTimeout: options.idleTimeoutMs }),
    onConnect(_session, callback) {
      opened += 1;
      callback();
    },
    onClose() {
      closed += 1;
      wakeAll();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (options.refuse) {
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
            return;
          }
          mails.push(mail);
          callback();
          wakeAll();
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
      await waitUntil(
        () => mails.length >= count,
        timeoutMs,
        () => `expected ${count} mail(s), got ${mails.length}`,
      );
      return mails[count - 1] as ParsedMail;
    },
    connectionsOpened: () => opened,
    waitForClosedConnections: (count, timeoutMs = 5_000) =>
      waitUntil(
        () => closed >= count,
        timeoutMs,
        () => `expected ${count} closed connection(s), got ${closed}`,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
