import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../cli/admin.ts';
import { createTestApp, sessionCookie } from '../../test/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { setPassword, tokenFromText, tokenInfo } from './recovery-test-kit.ts';

const PUBLIC_ORIGIN = 'https://signin.example.org';
const ENV_NAMES = ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_ORIGIN', 'MAIL_FROM'] as const;

let dir: string;
let sink: SmtpSink;
const databases: TestDatabase[] = [];
/** A fresh database shared by the CLI and the app: a file in `dir` on SQLite, a new database on PostgreSQL. */
async function freshDatabase(file: string): Promise<string> {
  const database = await createTestDatabase(path.join(dir, file));
  databases.push(database);
  return database.url;
}
const saved = Object.fromEntries(ENV_NAMES.map((n) => [n, process.env[n]]));
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-invite-'));
  sink = await startSmtpSink();
});
afterEach(() => {
  for (const name of ENV_NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
afterAll(async () => {
  await sink.close();
  await Promise.all(databases.map((d) => d.drop()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function useEnv(env: Partial<Record<(typeof ENV_NAMES)[number], string>>) {
  for (const name of ENV_NAMES) delete process.env[name];
  Object.assign(process.env, env);
}

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('operator CLI: invitations', () => {
  it('invites an account over SMTP; the mailed link on PUBLIC_ORIGIN finishes registration in the app', async () => {
    const database = await freshDatabase('smtp.sqlite');
    useEnv({ DATABASE_URL: database, SMTP_URL: sink.url, PUBLIC_ORIGIN, MAIL_FROM: 'Clinic <no-reply@example.org>' });
    const before = sink.mails.length;
    const invited = await admin(
      'user',
      'invite',
      '--email',
      'Zofia@Example.test',
      '--first-name',
      'Žofia',
      '--surname',
      'Malá',
      '--language',
      'sk',
    );
    expect(invited).toMatchObject({
      code: 0,
      out: 'Invited zofia@example.test: registration link mailed (valid 72 hours).',
    });
    expect(invited.out).not.toMatch(/token=/);

    const mail = await sink.waitFor(before + 1);
    expect(mail.subject).toBe('Dokončite nastavenie svojho účtu');
    expect(mail.text).toContain('Dobrý deň Žofia,');
    expect(mail.text).toContain(`${PUBLIC_ORIGIN}/signin/accept-invitation?token=`);
    expect((await admin('user', 'list')).out).toMatch(/zofia@example\.test\s+Žofia Malá\s+sk\s+invited/);

    const t = await createTestApp({ env: { DATABASE_URL: database, PUBLIC_ORIGIN } });
    try {
      const token = tokenFromText(mail.text ?? '', '/signin/accept-invitation');
      const registered = await setPassword(
        t,
        'register',
        { token, password: 'Bright-Harbour-31', password2: 'Bright-Harbour-31' },
        { origin: PUBLIC_ORIGIN },
      );
      expect(registered.json()).toEqual({ status: 'ok' });
      expect(sessionCookie(registered, '__Host-gh_session')).toBeDefined();
    } finally {
      await t.close();
    }
    expect((await admin('user', 'list')).out).toMatch(/zofia@example\.test.*active/);
    const again = await admin('user', 'resend-invitation', '--email', 'zofia@example.test');
    expect(again).toMatchObject({
      code: 1,
      err: 'Error: The account zofia@example.test has already registered: it can use forgot password',
    });
  });

  it('prints the registration link when SMTP_URL is not set, and a resent invitation voids the previous link', async () => {
    const database = await freshDatabase('no-smtp.sqlite');
    useEnv({ DATABASE_URL: database });
    const invited = await admin('user', 'invite', '--email', 'petr@example.test', '--language', 'cs');
    expect(invited.code).toBe(0);
    expect(invited.out).toMatch(/^Invited petr@example\.test\. SMTP_URL is not set, so no mail was sent\.\n/);
    const first = tokenFromText(invited.out, '/signin/accept-invitation');
    expect(invited.out).toContain(`http://localhost:8080/signin/accept-invitation?token=${first}`);

    const resent = await admin('user', 'resend-invitation', '--email', 'PETR@example.test');
    expect(resent.code).toBe(0);
    const second = tokenFromText(resent.out, '/signin/accept-invitation');
    expect(second).not.toBe(first);

    const t = await createTestApp({ env: { DATABASE_URL: database } });
    try {
      expect((await tokenInfo(t, first)).json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
      expect((await tokenInfo(t, second)).json()).toEqual({ status: 'ok', email: 'petr@example.test' });
    } finally {
      await t.close();
    }
  });

  it('refuses a duplicate or malformed e-mail, an unknown language, and resending to an unknown or disabled account', async () => {
    useEnv({ DATABASE_URL: await freshDatabase('refusals.sqlite') });
    expect((await admin('user', 'invite', '--email', 'dup@example.test')).code).toBe(0);
    expect(await admin('user', 'invite', '--email', 'DUP@example.test')).toMatchObject({
      code: 1,
      err: 'Error: An account with the e-mail dup@example.test already exists',
    });
    expect((await admin('user', 'invite', '--email', 'not-an-email')).code).toBe(1);
    expect((await admin('user', 'invite', '--email', 'l@example.test', '--language', 'de')).err).toMatch(
      /Unknown language "de"/,
    );
    expect(await admin('user', 'resend-invitation', '--email', 'ghost@example.test')).toMatchObject({
      code: 1,
      err: 'Error: No account has the e-mail ghost@example.test',
    });
    expect((await admin('user', 'disable', '--email', 'dup@example.test')).code).toBe(0);
    expect((await admin('user', 'resend-invitation', '--email', 'dup@example.test')).err).toBe(
      'Error: The account dup@example.test is disabled: enable it first',
    );
    expect((await admin('user', 'invite')).code).toBe(2);
  });

  it('exits 1 and says how to resend when the mail server is down, keeping the invited account', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    useEnv({ DATABASE_URL: await freshDatabase('smtp-down.sqlite'), SMTP_URL: `smtp://127.0.0.1:${port}` });
    const failed = await admin('user', 'invite', '--email', 'down@example.test');
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(
      /^Error: The invitation mail could not be sent \(SMTP delivery failed.*\); the account exists\./,
    );
    expect(failed.err).toContain('npm run admin -- user resend-invitation --email down@example.test');
    expect((await admin('user', 'list')).out).toMatch(/down@example\.test.*invited/);
  }, 15_000);
});
