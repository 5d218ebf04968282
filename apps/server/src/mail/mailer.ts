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

/** Mail over SMTP_URL: smtp:// (STARTTLS when offered) or smtps:// (TLS from the start). */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
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

  close(): void {
    this.transport.close();
  }
}
