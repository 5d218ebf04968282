import nodemailer from 'nodemailer';

/** One mail, already rendered in the recipient's language. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. Resolves once the mail server (or the development mailbox) has accepted it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The mail was not accepted (server down, refused, timed out). Its message never holds the mail's content. */
export class MailDeliveryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

/** Seconds, not nodemailer's minutes (docs/decisions/0110-mail.md): a sign-in never waits long on SMTP. */
export const SMTP_CONNECTION_TIMEOUT_MS = 5_000;
export const SMTP_GREETING_TIMEOUT_MS = 5_000;
export const SMTP_SOCKET_TIMEOUT_MS = 10_000;
export const SMTP_DNS_TIMEOUT_MS = 5_000;
/**
 * Connections kept open to the mail server (per process; docs/decisions/0110-mail.md, "Connections"):
 * a mail goes over one that is free, so a sign-in's PIN does not wait for a new connection, its
 * greeting and its TLS handshake. `SMTP_URL` may say otherwise (`?maxConnections=10`, `?pool=false`).
 */
export const SMTP_MAX_CONNECTIONS = 5;
/**
 * A mail the server has not accepted within this time fails, however it was held up: waiting for a
 * free connection, a greeting, a slow reply. Each time-out above bounds one step; this bounds the sum.
 */
export const SMTP_SEND_DEADLINE_MS = 15_000;

/** Mail over SMTP_URL: smtp:// (STARTTLS when offered) or smtps:// (TLS from the start). */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly deadlineMs = SMTP_SEND_DEADLINE_MS,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: SMTP_MAX_CONNECTIONS,
      connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
      greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
      socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
      dnsTimeout: SMTP_DNS_TIMEOUT_MS,
    });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        signal: AbortSignal.timeout(this.deadlineMs),
      });
    } catch (error) {
      // Only the kind of failure: nodemailer's message may quote the server's answer, never the mail.
      const code =
        (error as { code?: unknown; responseCode?: unknown }).responseCode ?? (error as { code?: unknown }).code;
      throw new MailDeliveryError(`SMTP delivery failed${code === undefined ? '' : ` (${String(code)})`}`, {
        cause: error,
      });
    }
  }

  /** Closes the connections kept open (at shutdown; a mail in flight still ends first). */
  close(): void {
    this.transport.close();
  }
}
