import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from './admin.ts';
import { openAccounts } from './admin-commands.ts';
import {
  DEMO_CREDENTIALS_FILE,
  DEMO_EMAIL,
  demoCredentialsFile,
  describeSeed,
  randomDemoPassword,
  seedDemo,
} from './seed-demo.ts';
import { databaseTarget, loadConfig, REPO_ROOT } from '../config/config.ts';
import { checkNewPassword } from '@gatehouse/contract';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

let dir: string;
const databases: TestDatabase[] = [];
/** A fresh database for the CLI: a file in `dir` on SQLite, a new database on PostgreSQL. */
async function freshDatabase(file: string): Promise<string> {
  const database = await createTestDatabase(path.join(dir, file));
  databases.push(database);
  return database.url;
}
const saved = process.env.DATABASE_URL;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-cli-'));
  process.env.DATABASE_URL = await freshDatabase('cli.sqlite');
});
afterAll(async () => {
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  await Promise.all(databases.map((d) => d.drop()));
  fs.rmSync(dir, { recursive: true, force: true });
});

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

describe('operator CLI', () => {
  it('creates an active account and lists it', async () => {
    const created = await admin(
      'user',
      'create',
      '--email',
      'Eva@Example.test',
      '--password',
      'Strong-Pass-1',
      '--first-name',
      'Eva',
      '--surname',
      'Malá',
      '--language',
      'en',
    );
    expect(created).toMatchObject({ code: 0, out: 'Created eva@example.test (active).' });
    const listed = await admin('user', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/EMAIL\s+NAME\s+LANGUAGE\s+STATE/);
    expect(listed.out).toMatch(/eva@example\.test\s+Eva Malá\s+en\s+active/);
  });

  it('creates an unverified account on request', async () => {
    expect(
      (await admin('user', 'create', '--email', 'new@example.test', '--password', 'Strong-Pass-1', '--unverified'))
        .code,
    ).toBe(0);
    expect((await admin('user', 'list')).out).toMatch(/new@example\.test\s+sk\s+unverified/);
  });

  it('disables and enables an account', async () => {
    expect((await admin('user', 'disable', '--email', 'eva@example.test')).code).toBe(0);
    expect((await admin('user', 'list')).out).toMatch(/eva@example\.test.*disabled/);
    expect((await admin('user', 'enable', '--email', 'EVA@example.test')).code).toBe(0);
    expect((await admin('user', 'list')).out).toMatch(/eva@example\.test.*active/);
  });

  it('refuses a duplicate e-mail, an unknown e-mail, a weak password and an unknown language with a message', async () => {
    const duplicate = await admin('user', 'create', '--email', 'eva@example.test', '--password', 'Strong-Pass-1');
    expect(duplicate).toMatchObject({
      code: 1,
      err: 'Error: An account with the e-mail eva@example.test already exists',
    });
    expect((await admin('user', 'disable', '--email', 'ghost@example.test')).err).toBe(
      'Error: No account has the e-mail ghost@example.test',
    );
    expect((await admin('user', 'create', '--email', 'w@example.test', '--password', 'weakpass')).err).toMatch(
      /at least 8 characters/,
    );
    expect(
      (await admin('user', 'create', '--email', 'l@example.test', '--password', 'Strong-Pass-1', '--language', 'de'))
        .err,
    ).toMatch(/Unknown language "de"/);
    expect((await admin('user', 'create', '--email', 'not-an-email', '--password', 'Strong-Pass-1')).code).toBe(1);
    expect((await admin('user', 'list')).out).not.toMatch(/(^|\s)(w|l)@example|not-an-email/m);
  });

  it('exits non-zero with usage help for a missing option', async () => {
    expect((await admin('user', 'create', '--email', 'x@example.test')).code).toBe(2);
  });

  it('reads its configuration from the environment it is given, not from the process', async () => {
    const other = { ...process.env, DATABASE_URL: await freshDatabase('given-env.sqlite') };
    const inOther = async (...argv: string[]) => {
      const out: string[] = [];
      const code = await runAdmin(
        argv,
        (l) => out.push(l),
        () => undefined,
        other,
      );
      return { code, out: out.join('\n') };
    };
    expect(
      await inOther('user', 'create', '--email', 'given@example.test', '--password', 'Strong-Pass-1'),
    ).toMatchObject({ code: 0 });
    expect((await inOther('user', 'list')).out).toMatch(/given@example\.test/);
    // The process's own database (DATABASE_URL of this file) did not get the account.
    expect((await admin('user', 'list')).out).not.toMatch(/given@example\.test/);
  });

  it('runs as a process from the repository root with exit codes', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: await freshDatabase('spawned.sqlite') };
    const ok = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/admin.ts',
        'user',
        'create',
        '--email',
        'p@example.test',
        '--password',
        'Strong-Pass-1',
      ],
      { cwd: REPO_ROOT, env },
    );
    expect(ok.stdout).toContain('Created p@example.test (active).');
    await expect(
      run(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'user', 'enable', '--email', 'q@example.test'],
        { cwd: REPO_ROOT, env },
      ),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No account has the e-mail q@example.test') });
  }, 30_000);
});

describe('operator CLI: delete', () => {
  it('erases an account so that it is gone from the list and its e-mail can be used again', async () => {
    expect((await admin('user', 'create', '--email', 'gone@example.test', '--password', 'Strong-Pass-1')).code).toBe(0);
    expect(await admin('user', 'delete', '--email', 'Gone@Example.test')).toMatchObject({
      code: 0,
      out: 'Deleted gone@example.test.',
    });
    expect((await admin('user', 'list')).out).not.toMatch(/gone@example\.test/);
    expect((await admin('user', 'delete', '--email', 'gone@example.test')).err).toBe(
      'Error: No account has the e-mail gone@example.test',
    );
    expect((await admin('user', 'create', '--email', 'gone@example.test', '--password', 'Strong-Pass-1')).code).toBe(0);
  });
});

describe('operator CLI: unblock', () => {
  it('clears the block, the wrong-PIN count and the login lock-out of an account, and refuses an unknown e-mail', async () => {
    await admin('user', 'create', '--email', 'blocked@example.test', '--password', 'Strong-Pass-1');
    const { db } = await openAccounts();
    try {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'blocked@example.test')
        .executeTakeFirstOrThrow();
      await db.updateTable('users').set({ blocked_at: 1 }).where('id', '=', user.id).execute();
      await db.insertInto('pin_attempts').values({ user_id: user.id, failures: 5, updated_at: 1 }).execute();
      // 30 failed passwords: the account's hard stop (a day), and another account's count that must stay.
      const lockedOut = {
        failures: 30,
        window_started_at: Date.now(),
        blocked_until: Date.now() + 86_400_000,
        updated_at: Date.now(),
      };
      await db
        .insertInto('throttle')
        .values([
          { key: 'account:blocked@example.test', ...lockedOut },
          { key: 'account:other@example.test', ...lockedOut },
        ])
        .execute();
      expect((await admin('user', 'list')).out).toMatch(/blocked@example\.test.*blocked/);

      expect(await admin('user', 'unblock', '--email', 'Blocked@Example.test')).toMatchObject({
        code: 0,
        out: 'Unblocked blocked@example.test.',
      });
      expect((await admin('user', 'list')).out).toMatch(/blocked@example\.test.*active/);
      expect(await db.selectFrom('pin_attempts').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(0);
      expect((await db.selectFrom('throttle').select('key').execute()).map((row) => row.key)).toEqual([
        'account:other@example.test',
      ]);
      expect(await admin('user', 'unblock', '--email', 'ghost@example.test')).toMatchObject({
        code: 1,
        err: 'Error: No account has the e-mail ghost@example.test',
      });
    } finally {
      await db.destroy();
    }
  });
});

describe('demo account', () => {
  it('generates strong random passwords that pass the rule', () => {
    const passwords = new Set(Array.from({ length: 20 }, randomDemoPassword));
    expect(passwords.size).toBe(20);
    for (const p of passwords) expect(checkNewPassword(p)).toBeNull();
  });

  it('is seeded once on an empty database, kept owner-readable and reported again later', async () => {
    const { accounts, db } = await openAccounts({
      ...loadConfig({ DATABASE_URL: await freshDatabase('seed.sqlite') }),
    });
    const file = path.join(dir, 'demo-credentials.txt');
    try {
      const first = await seedDemo(accounts, file);
      expect(first).toMatchObject({ created: true, email: DEMO_EMAIL });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const again = await seedDemo(accounts, file);
      expect(again).toEqual({ created: false, email: DEMO_EMAIL, password: first?.password });
      expect(await accounts.list()).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it("keeps each database's password beside it, and never reports one that does not sign in", async () => {
    const other = await freshDatabase('other.sqlite');
    const config = loadConfig({ DATABASE_URL: other });
    const file = demoCredentialsFile(config.database);
    // Not the default database's file: another DATABASE_URL keeps its own (beside a SQLite file;
    // under data/ by a digest of the URL without its password for PostgreSQL, as in the PostgreSQL run).
    if (config.database.kind === 'sqlite') expect(file).toBe(`${config.database.file}.demo-credentials.txt`);
    else expect(file).toMatch(/[/\\]data[/\\]demo-credentials-postgres-[0-9a-f]{16}\.txt$/);
    expect(file).not.toBe(DEMO_CREDENTIALS_FILE);
    expect(demoCredentialsFile(databaseTarget(undefined))).toBe(DEMO_CREDENTIALS_FILE);
    const postgres = demoCredentialsFile(databaseTarget('postgres://u:secret@db.example/one'));
    expect(postgres).not.toContain('secret');
    expect(postgres).not.toBe(demoCredentialsFile(databaseTarget('postgres://u:secret@db.example/two')));
    expect(demoCredentialsFile(databaseTarget('postgres://u:changed@db.example/one'))).toBe(postgres);

    const { accounts, db } = await openAccounts(config);
    try {
      const first = await seedDemo(accounts, file);
      expect(first?.created).toBe(true);
      // A file that says another password (an older database of that name, a password changed since).
      fs.writeFileSync(file ?? '', `${DEMO_EMAIL}\nNot-The-Password-1\n`, { mode: 0o600 });
      const again = await seedDemo(accounts, file);
      expect(again).toEqual({ created: false, email: DEMO_EMAIL, password: null });
      expect(describeSeed(again)).not.toContain('Not-The-Password-1');
    } finally {
      await db.destroy();
      if (file) fs.rmSync(file, { force: true });
    }
  });
});
