import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { DevMailbox } from './dev-mailbox.ts';
import { SmtpMailer, type Mailer } from './mailer.ts';

export interface MailerSetup {
  mailer: Mailer;
  /** The development mailbox, or null when mail goes over SMTP (or in production). */
  devMailbox: DevMailbox | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail (SMTP_URL, or the development mailbox). */
    mailer: Mailer;
    devMailbox: DevMailbox | null;
  }
}

/**
 * SMTP when SMTP_URL is set; otherwise, outside production, the development mailbox
 * (config refuses production without SMTP_URL). The mailbox prints each mail on the
 * console except under NODE_ENV=test.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>, now: () => number): MailerSetup {
  if (config.smtpUrl) return { mailer: new SmtpMailer(config.smtpUrl, config.mailFrom), devMailbox: null };
  if (config.nodeEnv === 'production') throw new Error('SMTP_URL is required in production');
  const print = config.nodeEnv === 'test' ? null : (text: string) => console.log(text);
  const devMailbox = new DevMailbox(now, print);
  return { mailer: devMailbox, devMailbox };
}

/**
 * What the start-up says about mail: the development mailbox lives in the memory of one process,
 * so with several processes a mail is found only on the process that sent it (docs/deploy.md).
 * Null when mail goes over SMTP.
 */
export function mailNotice(config: Pick<Config, 'smtpUrl' | 'publicOrigin'>): string | null {
  if (config.smtpUrl) return null;
  return (
    `Mail: no SMTP_URL, so mails go to the development mailbox of this process (${config.publicOrigin}/dev/mailbox). ` +
    'It is per process: with several processes each shows only the mails it sent. Set SMTP_URL to run more than one.'
  );
}

/** Registers the mailer on the app (app.mailer, app.devMailbox) and closes SMTP connections with it. */
export function decorateMailer(app: FastifyInstance, setup: MailerSetup): void {
  app.decorate('mailer', setup.mailer);
  app.decorate('devMailbox', setup.devMailbox);
  const { mailer } = setup;
  if (mailer instanceof SmtpMailer) app.addHook('onClose', async () => mailer.close());
}
