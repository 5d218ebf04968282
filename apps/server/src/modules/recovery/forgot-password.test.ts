import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, DEMO, postJson, snapshot, type TestApp } from '../../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { forgotPassword, tokenFromText, tokenInfo } from './recovery-test-kit.ts';

const PUBLIC_ORIGIN = 'https://signin.example.org';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** Everything a client can observe of an answer except the time it was sent. */
function observable(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers;
  return { statusCode: response.statusCode, body: response.body, headers };
}

async function seedAccounts(app: TestApp) {
  await app.accounts.create(DEMO);
  await app.accounts.create({ email: 'off@example.test', password: 'Disabled-Pass-1', language: 'en' });
  await app.accounts.disable('off@example.test');
  await app.accounts.invite({ email: 'invited@example.test', firstName: 'Ivo', language: 'sk' });
}

describe('POST /api/user/forgotpassword', () => {
  it('asks for an e-mail when it is empty and for a valid one when it is malformed, sending nothing', async () => {
    t = await createTestApp();
    await seedAccounts(t);
    expect((await forgotPassword(t, '')).json()).toEqual({ status: 'failed', reasons: ['missing_email'] });
    expect((await forgotPassword(t, '   ')).json()).toEqual({ status: 'failed', reasons: ['missing_email'] });
    expect((await forgotPassword(t, 'ana.novakova@')).json()).toEqual({
      status: 'failed',
      reasons: ['incorrect_email'],
    });
    expect(t.app.devMailbox?.list()).toEqual([]);
  });

  it('answers exactly alike for a known, an unknown, a disabled and an invited account', async () => {
    t = await createTestApp();
    await seedAccounts(t);
    const answers = [];
    for (const email of [DEMO.email, 'nobody@example.test', 'off@example.test', 'invited@example.test']) {
      answers.push(observable(await forgotPassword(t, email)));
    }
    expect(answers[0]).toMatchObject({ statusCode: 200, body: JSON.stringify({ status: 'ok' }) });
    for (const other of answers.slice(1)) expect(other).toEqual(answers[0]);
  });

  it('mails a reset link to an active account, a fresh invitation to an invited one and nothing to a disabled or unknown one', async () => {
    t = await createTestApp();
    await seedAccounts(t);
    for (const email of [DEMO.email, 'nobody@example.test', 'off@example.test', 'invited@example.test'])
      await forgotPassword(t, email);
    const mails = t.app.devMailbox?.list() ?? [];
    expect(mails.map((m) => m.to).sort()).toEqual([DEMO.email, 'invited@example.test']);
    const reset = mails.find((m) => m.to === DEMO.email);
    const invitation = mails.find((m) => m.to === 'invited@example.test');
    expect(reset?.text).toContain('http://localhost:8080/signin/reset-password?token=');
    expect(reset?.text).not.toContain('accept-invitation');
    expect(invitation?.subject).toBe('Dokončite nastavenie svojho účtu');
    expect(invitation?.text).toContain('http://localhost:8080/signin/accept-invitation?token=');
    expect((await tokenInfo(t, tokenFromText(reset?.text ?? '', '/signin/reset-password'))).json()).toEqual({
      status: 'ok',
      email: reset?.to,
    });
  });

  it('voids the previous invitation when it mails a fresh one', async () => {
    t = await createTestApp();
    await seedAccounts(t);
    await forgotPassword(t, 'invited@example.test');
    const first = tokenFromText(
      t.app.devMailbox?.latestTo('invited@example.test')?.text ?? '',
      '/signin/accept-invitation',
    );
    await forgotPassword(t, 'invited@example.test');
    const second = tokenFromText(
      t.app.devMailbox?.latestTo('invited@example.test')?.text ?? '',
      '/signin/accept-invitation',
    );
    expect(second).not.toBe(first);
    expect((await tokenInfo(t, first)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect((await tokenInfo(t, second)).json()).toEqual({ status: 'ok', email: 'invited@example.test' });
  });

  it('delivers the reset mail over SMTP in the account language with a link on PUBLIC_ORIGIN, whatever Host the request names', async () => {
    t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_ORIGIN, MAIL_FROM: 'Clinic <no-reply@example.org>' } });
    await t.accounts.create(DEMO); // language cs
    const before = sink.mails.length;
    const response = await forgotPassword(t, ' Ana.Novakova@Example.TEST ', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      origin: PUBLIC_ORIGIN,
    });
    expect(response.json()).toEqual({ status: 'ok' });
    const mail = await sink.waitFor(before + 1);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(DEMO.email);
    expect(mail.subject).toBe('Obnovení hesla');
    expect(mail.text).toContain('Dobrý den Ana,');
    expect(mail.text).toContain('Odkaz platí 60 minut');
    expect(mail.text).toMatch(/https:\/\/signin\.example\.org\/signin\/reset-password\?token=[\w-]{43}\b/);
    expect(`${mail.text}${String(mail.html)}`).not.toContain('evil.example');
    expect(mail.html).toContain('<html lang="cs">');
    expect(mail.html).toMatch(/<a href="https:\/\/signin\.example\.org\/signin\/reset-password\?token=[\w-]{43}"/);
  });

  it('answers ok in the same shape while the mail server hangs, before delivery ends, and logs the failure without the address or token', async () => {
    // A mail server that takes connections and never greets: the answer must not wait for it.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => void held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const lines: string[] = [];
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'info' },
      deps: { logStream: { write: (l) => void lines.push(l) } },
    });
    await seedAccounts(t);
    const healthy = await createTestApp();
    try {
      await seedAccounts(healthy);
      const reference = observable(await forgotPassword(healthy, DEMO.email));
      const down = await postJson(t.app, '/api/user/forgotpassword', { email: DEMO.email });
      expect(observable(down)).toEqual(reference);
      // Answered while the delivery is still under way: it ends only when the server hangs up.
      let ended = false;
      const delivery = t.app.outbox.idle().then(() => {
        ended = true;
      });
      await expect.poll(() => held.size).toBe(1);
      // The mail server has the connection and says nothing: the delivery cannot have ended.
      expect(ended).toBe(false);
      for (const socket of held) socket.destroy();
      await delivery;
      expect(ended).toBe(true);
      const failure = lines.find((l) => l.includes('background delivery failed'));
      expect(failure).toContain('SMTP delivery failed');
      expect(lines.join('\n')).not.toContain(DEMO.email);
      expect(lines.join('\n')).not.toMatch(/token=[\w-]{43}/);
    } finally {
      await healthy.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);

  it('sends at most three mails an hour for one e-mail and still answers ok', async () => {
    t = await createTestApp();
    await seedAccounts(t);
    for (let i = 0; i < 5; i++) expect((await forgotPassword(t, DEMO.email)).json()).toEqual({ status: 'ok' });
    expect(t.app.devMailbox?.list()).toHaveLength(3);
    t.clock.advance(20 * 60_000);
    await forgotPassword(t, DEMO.email);
    expect(t.app.devMailbox?.list()).toHaveLength(4);
  });

  it('answers 429 with Retry-After to an address past 20 requests in 15 minutes, for any e-mail, and changes nothing', async () => {
    t = await createTestApp();
    await seedAccounts(t);
    for (let i = 0; i < 20; i++)
      expect((await forgotPassword(t, `someone${i}@example.test`, {}, '192.0.2.80')).statusCode).toBe(200);
    const before = await snapshot(t.db);
    const refused = await forgotPassword(t, DEMO.email, {}, '192.0.2.80');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ status: 'failed', reasons: ['too_many_requests'] });
    expect(await snapshot(t.db)).toEqual(before);
    expect(t.app.devMailbox?.latestTo(DEMO.email)).toBeUndefined();
    expect((await forgotPassword(t, DEMO.email, {}, '192.0.2.81')).statusCode).toBe(200);
    expect(t.app.devMailbox?.latestTo(DEMO.email)).toBeDefined();
  });
});
