// An SMTP sink for the end-to-end run: the server under test sends real mail
// over SMTP to it, and tests read what arrived through a small HTTP API.
//
//   GET /mails?to=ADDRESS[&after=SEQ][&wait=MS]
// answers the mails to ADDRESS (all of them without `to`) numbered above SEQ, oldest first. With
// `wait`, an answer that would be empty is held until such a mail arrives or MS have passed
// (then `[]`): a test waits on the mail itself, not on a polling interval.
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface SunkMail {
  /** 1, 2, 3 … in the order the sink received the mails. */
  seq: number;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/** The longest a request may be held (the caller asks again for a longer wait). */
const MAX_WAIT_MS = 30_000;

export async function startMailSink(smtpPort: number, apiPort: number): Promise<{ close(): Promise<void> }> {
  const mails: SunkMail[] = [];
  /** Held requests: each is answered by the first mail it matches, or by its timer. */
  const waiting = new Set<{ matches: (mail: SunkMail) => boolean; answer: () => void }>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The servers keep their connections open (the mailer's pool) and close them when they stop; one
    // still open when the sink stops is hung up on (421) after a moment rather than waited for 30 s.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: SunkMail = {
            seq: mails.length + 1,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          };
          mails.push(mail);
          callback();
          for (const waiter of waiting) if (waiter.matches(mail)) waiter.answer();
        })
        .catch((error: Error) => callback(error));
    },
  });

  const api: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mails') {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const after = Number(url.searchParams.get('after') ?? 0) || 0;
    const waitMs = Math.min(Number(url.searchParams.get('wait') ?? 0) || 0, MAX_WAIT_MS);
    const matches = (mail: SunkMail) => mail.seq > after && (!to || mail.to.includes(to));
    const answer = () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails.filter(matches)));
    if (waitMs <= 0 || mails.some(matches)) {
      answer();
      return;
    }
    const waiter = {
      matches,
      answer: () => {
        clearTimeout(timer);
        waiting.delete(waiter);
        answer();
      },
    };
    const timer = setTimeout(waiter.answer, waitMs);
    waiting.add(waiter);
    response.on('close', () => {
      clearTimeout(timer);
      waiting.delete(waiter);
    });
  });

  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
  return {
    async close() {
      for (const waiter of waiting) waiter.answer();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
  };
}
