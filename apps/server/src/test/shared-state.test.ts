import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_CHECK_HEADER } from '@gatehouse/contract';
import { mailNotice } from '../mail/create-mailer.ts';
import { createTestApp, DEMO, postJson, type TestApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

// Nothing a second process needs lives in one process's memory (docs/deploy.md, "What is per
// process"): two apps on one database stand for two processes behind a balancer. The bot check's
// single use is the one piece of that state kept nowhere else; sessions, PINs, throttles and tokens
// are covered by the two-process end-to-end test.

const HMAC_KEY = 'altcha-hmac-key-shared-by-every-process-0123456789';
let dir: string;
let database: TestDatabase;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-shared-'));
  database = await createTestDatabase(path.join(dir, 'shared.sqlite'));
  const env = { DATABASE_URL: database.url, BOT_CHECK: 'altcha', ALTCHA_HMAC_KEY: HMAC_KEY, ALTCHA_MAX_NUMBER: '2000' };
  a = await createTestApp({ env });
  b = await createTestApp({ env });
  await a.accounts.create(DEMO);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function solvedOn(t: TestApp): Promise<string> {
  const challenge = (await t.app.inject('/api/botcheck/altcha')).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const login = (t: TestApp, payload: string) =>
  postJson(
    t.app,
    '/api/user/login',
    { username: DEMO.email, password: DEMO.password },
    { [BOT_CHECK_HEADER]: payload },
  );
const reasons = (response: { json: () => unknown }) => (response.json() as { reasons?: string[] }).reasons ?? [];

describe('two processes on one database', () => {
  it('an ALTCHA challenge given by one process is accepted by the other, once: a replay on the first is refused', async () => {
    const payload = await solvedOn(a);
    const first = await login(b, payload);
    expect(first.statusCode).toBe(200);
    expect(reasons(first)).not.toContain('bot_check_failed');
    expect(reasons(await login(a, payload))).toContain('bot_check_failed');
    expect(reasons(await login(b, payload))).toContain('bot_check_failed');
  });

  it('the same solution sent to both at the same moment is accepted by exactly one', async () => {
    const payload = await solvedOn(b);
    const answers = await Promise.all([login(a, payload), login(b, payload)]);
    expect(answers.map((r) => reasons(r).includes('bot_check_failed')).sort()).toEqual([false, true]);
  });
});

describe('the development mailbox is per process, and the start-up says so', () => {
  it('names the mailbox of this process and that SMTP_URL is needed for more than one', () => {
    expect(mailNotice({ smtpUrl: null, publicOrigin: 'http://localhost:8093' })).toBe(
      'Mail: no SMTP_URL, so mails go to the development mailbox of this process (http://localhost:8093/dev/mailbox). ' +
        'It is per process: with several processes each shows only the mails it sent. Set SMTP_URL to run more than one.',
    );
  });

  it('says nothing when mail goes over SMTP', () => {
    expect(
      mailNotice({ smtpUrl: 'smtp://mail.example.org:25', publicOrigin: 'https://signin.example.org' }),
    ).toBeNull();
  });
});
