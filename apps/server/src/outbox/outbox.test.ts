import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseTarget } from '../config/config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { createTestApp, DEMO, dumpDatabase, ORIGIN, testClock, type TestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { Outbox, OUTBOX_DEFAULTS, type OutboxLog } from './outbox.ts';
import { OutboxRepository } from './outbox.repository.ts';

let dir: string;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-outbox-'));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A database several connections (several "processes") can share: a SQLite file, or a PostgreSQL database. */
async function sharedDatabase(name: string): Promise<TestDatabase> {
  const database = await createTestDatabase(path.join(dir, `${name}.sqlite`));
  cleanups.push(() => database.drop());
  return database;
}

async function connect(database: TestDatabase): Promise<Db> {
  const db = createDatabase(databaseTarget(database.url));
  cleanups.push(() => db.destroy());
  return db;
}

function memoryLog(): OutboxLog & { lines: Array<{ level: string; object: object; message: string }> } {
  const lines: Array<{ level: string; object: object; message: string }> = [];
  const at = (level: string) => (object: object, message: string) => void lines.push({ level, object, message });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('the outbox worker', () => {
  it('retries a failing job with doubling waits, then gives up and says so', async () => {
    const database = await sharedDatabase('retry');
    const db = await connect(database);
    await migrateToLatest(db);
    const clock = testClock();
    const log = memoryLog();
    const outbox = new Outbox(new OutboxRepository(db), clock.now, log, { ...OUTBOX_DEFAULTS, maxAttempts: 4 }, false);
    const attempts: number[] = [];
    outbox.handle('flaky', async (_payload, job) => {
      attempts.push(job.attempt);
      throw Object.assign(new Error('mail server said no to ana@example.test'), { code: 'EPROTOCOL' });
    });
    await outbox.enqueue('flaky', { n: 1 });
    await outbox.idle();
    expect(attempts).toEqual([1]);
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      attempts: 1,
      claimed_until: null,
      run_after: clock.now() + 15_000,
      last_error: 'Error: EPROTOCOL',
    });
    // Not before its time.
    clock.advance(14_999);
    await outbox.idle();
    expect(attempts).toEqual([1]);
    for (const wait of [1, 30_000, 60_000]) {
      clock.advance(wait);
      await outbox.idle();
    }
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    expect(log.lines.map((l) => `${l.level} ${l.message}`)).toEqual([
      'warn flaky: background delivery failed, will retry',
      'warn flaky: background delivery failed, will retry',
      'warn flaky: background delivery failed, will retry',
      'error flaky: background delivery failed, given up',
    ]);
    // The error's message could name a person: only its type and code are kept.
    expect(JSON.stringify(log.lines)).not.toContain('ana@example.test');
  });

  it('runs every job exactly once with three workers on separate connections draining at the same time', async () => {
    const database = await sharedDatabase('workers');
    const dbs = [await connect(database), await connect(database), await connect(database)];
    await migrateToLatest(dbs[0] as Db);
    const clock = testClock();
    const done: string[] = [];
    const workers = dbs.map((db, i) => {
      const outbox = new Outbox(new OutboxRepository(db), clock.now, memoryLog(), OUTBOX_DEFAULTS, false);
      outbox.handle('count', async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, i));
        done.push((payload as { id: string }).id);
      });
      return outbox;
    });
    for (let i = 0; i < 60; i++) await (workers[i % 3] as Outbox).enqueue('count', { id: `job-${i}` });
    await Promise.all(workers.map((w) => w.idle()));
    expect(done.sort()).toEqual(Array.from({ length: 60 }, (_, i) => `job-${i}`).sort());
    expect(await (dbs[0] as Db).selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('takes a job held by a worker that died only once its lease has run out', async () => {
    const database = await sharedDatabase('lease');
    const db = await connect(database);
    await migrateToLatest(db);
    const clock = testClock();
    const repository = new OutboxRepository(db);
    const outbox = new Outbox(repository, clock.now, memoryLog(), OUTBOX_DEFAULTS, false);
    const done: number[] = [];
    outbox.handle('once', async (_payload, job) => void done.push(job.attempt));
    await outbox.enqueue('once', {});
    // Another process claims it and dies before finishing.
    expect(await repository.claim(clock.now(), OUTBOX_DEFAULTS.leaseMs)).toBeDefined();
    await outbox.idle();
    expect(done).toEqual([]);
    clock.advance(OUTBOX_DEFAULTS.leaseMs);
    await outbox.idle();
    expect(done).toEqual([2]);
    expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });
});

describe('forgot password through the outbox', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const forgot = (app: TestApp, email: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/user/forgotpassword',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: JSON.stringify({ email }),
    });

  it('keeps a queued mail across a crash: the next server process sends it', async () => {
    const database = await sharedDatabase('crash');
    const first = await createTestApp({
      env: { DATABASE_URL: database.url },
      deps: { outbox: { runInBackground: false } },
    });
    await first.accounts.create(DEMO);
    expect((await forgot(first, DEMO.email)).json()).toEqual({ status: 'ok' });
    // The process goes away before its worker ran the job.
    await first.close();
    t = await createTestApp({ env: { DATABASE_URL: database.url } });
    await t.app.outbox.idle();
    expect(t.app.devMailbox?.latestTo(DEMO.email)?.text).toMatch(/\/signin\/reset-password\?token=[\w-]{43}/);
    expect(await t.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('retries while the mail server is down and delivers once it is back', async () => {
    const port = await freePort();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    await t.accounts.create(DEMO);
    expect((await forgot(t, DEMO.email)).json()).toEqual({ status: 'ok' });
    await t.app.outbox.idle();
    expect(await t.db.selectFrom('outbox').select(['attempts', 'last_error']).execute()).toEqual([
      { attempts: 1, last_error: expect.stringMatching(/^MailDeliveryError: SMTP delivery failed/) },
    ]);
    const sink = await startSmtpSink({ port });
    cleanups.push(() => sink.close());
    t.clock.advance(OUTBOX_DEFAULTS.retryBaseMs);
    await t.app.outbox.idle();
    const mail = await sink.waitFor(1);
    expect(mail.text).toMatch(/\/signin\/reset-password\?token=[\w-]{43}/);
    expect(await t.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    // One request, one e-mail count (a retry is not a new request).
    expect(
      await t.db.selectFrom('throttle').select(['key', 'failures']).where('key', 'like', 'forgot-email:%').execute(),
    ).toEqual([{ key: `forgot-email:${DEMO.email}`, failures: 1 }]);
  });

  it('does the same work before answering a known and an unknown address: one outbox row, one address count', async () => {
    t = await createTestApp({ deps: { outbox: { runInBackground: false } } });
    await t.accounts.create(DEMO);
    const rowsAfter = async (email: string) => {
      const before = await dumpDatabase(t!.db);
      await forgot(t!, email);
      const after = await dumpDatabase(t!.db);
      // What each table gained, with the e-mail, ids and counters made alike.
      return Object.fromEntries(
        Object.entries(after).map(([table, rows]) => [
          table,
          rows
            .filter((row) => !(before[table] ?? []).includes(row))
            .map((row) =>
              String(row)
                .replaceAll(email, 'E')
                .replace(/"id":"[\w-]+"/, '"id":"I"')
                .replace(/"failures":\d+/, '"failures":N'),
            ),
        ]),
      );
    };
    const known = await rowsAfter(DEMO.email);
    const unknown = await rowsAfter('nobody@example.test');
    expect(known).toEqual(unknown);
    expect(known.outbox).toHaveLength(1);
    expect(Object.values(known).flat()).toHaveLength(2);
  });

  it('writes the same log lines while answering a known and an unknown address', async () => {
    const lines: string[] = [];
    t = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      deps: { logStream: { write: (l) => void lines.push(l) }, outbox: { runInBackground: false } },
    });
    await t.accounts.create(DEMO);
    const requestLines = async (email: string) => {
      lines.length = 0;
      await forgot(t!, email);
      return lines.map((line) => {
        const {
          time: _time,
          reqId: _reqId,
          responseTime: _responseTime,
          pid: _pid,
          hostname: _hostname,
          ...rest
        } = JSON.parse(line) as Record<string, unknown>;
        return rest;
      });
    };
    const known = await requestLines(DEMO.email);
    const unknown = await requestLines('nobody@example.test');
    expect(known.length).toBeGreaterThanOrEqual(2);
    expect(known).toEqual(unknown);
    expect(JSON.stringify(known)).not.toContain(DEMO.email);
  });
});
