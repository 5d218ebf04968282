import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO } from '../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { MailDeliveryError, SMTP_MAX_CONNECTIONS, SmtpMailer } from './mailer.ts';
import { mailContext, renderMail } from './mail-template.ts';
import { pinCodeMail } from './templates/pin-code.mail.ts';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const context = mailContext('https://signin.example.org');

describe('PIN mail over SMTP', () => {
  it('reaches the SMTP server from MAIL_FROM with subject, text and HTML in the recipient language, the WebOTP line last', async () => {
    const mailer = new SmtpMailer(sink.url, 'Clinic <no-reply@example.org>');
    const message = renderMail(pinCodeMail, {
      to: 'eva@example.test',
      language: 'sk',
      params: { pin: 'K7M2QX', firstName: 'Eva', validMinutes: 10 },
      context,
    });
    await mailer.send(message);
    mailer.close();
    const mail = await sink.waitFor(1);
    expect(mail.from?.text).toBe('"Clinic" <no-reply@example.org>');
    expect(mail.subject).toBe('Váš prihlasovací kód');
    expect(mail.text).toContain('Dobrý deň Eva,');
    expect(mail.text).toContain('K7M2QX');
    expect(mail.text).toContain('Kód platí 10 minút');
    expect(mail.text?.trimEnd().split('\n').at(-1)).toBe('@signin.example.org #K7M2QX');
    expect(mail.html).toContain('<html lang="sk">');
    expect(mail.html).toContain('K7M2QX');
  });

  it('renders English and Czech, and falls back to Slovak for an unknown language', () => {
    const params = { pin: 'ABCDEF', firstName: '', validMinutes: 10 };
    expect(renderMail(pinCodeMail, { to: 'a@b.test', language: 'en', params, context }).text).toMatch(
      /^Hello,\n\nUse this code/,
    );
    expect(renderMail(pinCodeMail, { to: 'a@b.test', language: 'cs', params, context }).subject).toBe(
      'Váš přihlašovací kód',
    );
    expect(renderMail(pinCodeMail, { to: 'a@b.test', language: 'de', params, context }).subject).toBe(
      'Váš prihlasovací kód',
    );
  });

  it('escapes names in the HTML part', () => {
    const html = renderMail(pinCodeMail, {
      to: 'a@b.test',
      language: 'en',
      params: { pin: 'ABCDEF', firstName: '<b>Eve</b>', validMinutes: 10 },
      context,
    }).html;
    expect(html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(html).not.toContain('<b>Eve</b>');
  });

  it('builds links from the public origin only and refuses anything but an app path', () => {
    expect(context.link('/signin/reset-password?token=abc')).toBe(
      'https://signin.example.org/signin/reset-password?token=abc',
    );
    expect(() => context.link('//evil.example/x')).toThrow();
    expect(() => context.link('https://evil.example/')).toThrow();
    // Judged after normalisation, like every redirect: dot segments cannot make a protocol-relative link.
    expect(() => context.link('/..//evil.example/x')).toThrow();
    expect(() => context.link('/signin/%2e%2e/..//evil.example')).toThrow();
    expect(() => context.link('/\\evil.example')).toThrow();
  });

  it('fails with a MailDeliveryError when the server refuses the mail with 5xx', async () => {
    const refusing = await startSmtpSink({ refuse: true });
    const mailer = new SmtpMailer(refusing.url, 'no-reply@example.org');
    try {
      const message = renderMail(pinCodeMail, {
        to: 'eva@example.test',
        language: 'en',
        params: { pin: 'K7M2QX', firstName: '', validMinutes: 10 },
        context,
      });
      const failure = await mailer.send(message).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MailDeliveryError);
      expect((failure as Error).message).toBe('SMTP delivery failed (550)');
      expect((failure as Error).message).not.toContain('K7M2QX');
    } finally {
      mailer.close();
      await refusing.close();
    }
  });

  it('fails within seconds when nothing listens at SMTP_URL', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@example.org');
    const started = Date.now();
    await expect(mailer.send({ to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
    expect(Date.now() - started).toBeLessThan(6_000);
    mailer.close();
  });
});

describe('connections to the mail server', () => {
  const mail = (to: string) => ({ to, subject: 'Code', text: 'Your code', html: '<p>Your code</p>' });

  it('sends mails one after another over one connection, each delivered', async () => {
    const server = await startSmtpSink();
    const mailer = new SmtpMailer(server.url, 'no-reply@example.org');
    try {
      for (const to of ['a@example.test', 'b@example.test', 'c@example.test']) await mailer.send(mail(to));
      expect(server.mails.map((m) => m.to && !Array.isArray(m.to) && m.to.text)).toEqual([
        'a@example.test',
        'b@example.test',
        'c@example.test',
      ]);
      expect(server.connectionsOpened()).toBe(1);
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it(`sends many mails at once over at most ${SMTP_MAX_CONNECTIONS} connections, every one delivered`, async () => {
    const server = await startSmtpSink();
    const mailer = new SmtpMailer(server.url, 'no-reply@example.org');
    try {
      const addresses = Array.from({ length: 12 }, (_, i) => `person${i}@example.test`);
      await Promise.all(addresses.map((to) => mailer.send(mail(to))));
      const delivered = server.mails.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''));
      expect(delivered.sort()).toEqual([...addresses].sort());
      expect(server.connectionsOpened()).toBeLessThanOrEqual(SMTP_MAX_CONNECTIONS);
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it('opens a new connection when the mail server has closed an idle one, and the mail is delivered', async () => {
    const server = await startSmtpSink({ idleTimeoutMs: 200 });
    const mailer = new SmtpMailer(server.url, 'no-reply@example.org');
    try {
      await mailer.send(mail('first@example.test'));
      await server.waitForClosedConnections(1);
      await mailer.send(mail('second@example.test'));
      expect(server.mails).toHaveLength(2);
      expect(server.connectionsOpened()).toBe(2);
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it('closes its connections when closed (at shutdown)', async () => {
    const server = await startSmtpSink();
    const mailer = new SmtpMailer(server.url, 'no-reply@example.org');
    try {
      await mailer.send(mail('a@example.test'));
      mailer.close();
      await server.waitForClosedConnections(1);
    } finally {
      await server.close();
    }
  });

  it('fails a mail the server has not accepted by its deadline, however the server stalls', async () => {
    // Accepts the connection and never greets: each step's own time-out (5 s) would come later.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@example.org', 300);
    try {
      const started = Date.now();
      const failure = await mailer.send(mail('a@example.test')).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MailDeliveryError);
      expect((failure as Error).message).toBe('SMTP delivery failed (EABORT)');
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      mailer.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('development mailbox', () => {
  it('keeps every mail and shows it at /dev/mailbox, newest first, with clickable links and no script', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.devMailbox).not.toBeNull();
      await t.app.mailer.send({
        to: 'first@example.test',
        subject: 'First',
        text: 'Open http://localhost:8080/signin/x?a=1&b=2 now',
        html: '',
      });
      t.clock.advance(60_000);
      await t.app.mailer.send({ to: DEMO.email, subject: 'Second <mail>', text: 'Code: ABC234', html: '' });
      const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const html = page.body;
      expect(html.indexOf('Second &lt;mail&gt;')).toBeGreaterThan(0);
      expect(html.indexOf('Second &lt;mail&gt;')).toBeLessThan(html.indexOf('First'));
      expect(html).toContain('ABC234');
      expect(html).toContain(DEMO.email);
      expect(html).toContain('<a href="http://localhost:8080/signin/x?a=1&amp;b=2">');
      expect(html).not.toMatch(/<script/i);
    } finally {
      await t.close();
    }
  });

  it('answers 404 when SMTP_URL is set', async () => {
    const t = await createTestApp({ env: { SMTP_URL: sink.url } });
    try {
      expect(t.app.devMailbox).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('answers 404 in production', async () => {
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        SMTP_URL: sink.url,
        PUBLIC_ORIGIN: 'https://signin.example.org',
      },
    });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
