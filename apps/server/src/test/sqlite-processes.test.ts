import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { onSqlite } from './test-database.ts';

// Several processes may share one SQLite file (docs/deploy.md): the server's transactions and
// another process's writes wait for each other instead of failing
// (docs/decisions/0175-sqlite-immediate-transactions.md). SQLite run only: it is about SQLite's locks.

/**
 * Another process on the file, with the server's busy time-out. `write`: one throttle row, saying
 * "writing" before it. `hold`: takes the write lock, says "holding", keeps it 300 ms, then writes
 * its row and commits.
 */
const OTHER_PROCESS = `
const Database = require('better-sqlite3');
const [file, mode] = process.argv.slice(1);
const db = new Database(file);
db.pragma('busy_timeout = 5000');
const insert = db.prepare("insert into throttle (key, failures, window_started_at, blocked_until, updated_at) values ('other-process', 1, 0, null, 0)");
if (mode === 'hold') {
  db.exec('begin immediate');
  process.stdout.write('holding\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  insert.run();
  db.exec('commit');
} else {
  process.stdout.write('writing\\n');
  insert.run();
}
db.close();
`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-processes-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts the other process; `said(line)` settles when it prints the line (and fails if it ends first). */
function otherProcess(file: string, mode: 'write' | 'hold') {
  const child = spawn(process.execPath, ['-e', OTHER_PROCESS, file, mode], {
    cwd: path.join(REPO_ROOT, 'apps', 'server'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout });
  const said = (line: string) =>
    Promise.race([
      new Promise<void>((resolve) => lines.on('line', (text) => text === line && resolve())),
      exited.then((code) => {
        throw new Error(`the other process ended (${String(code)}) before it said "${line}": ${stderr}`);
      }),
    ]);
  return { said, exited, stderr: () => stderr };
}

const insertOwnRow = (db: Db) =>
  db
    .insertInto('throttle')
    .values({ key: 'this-process', failures: 1, window_started_at: 0, blocked_until: null, updated_at: 0 })
    .execute();

async function keys(db: Db): Promise<string[]> {
  return (await db.selectFrom('throttle').select('key').execute()).map((row) => row.key).sort();
}

describe.runIf(onSqlite)('one SQLite file, two processes (SQLite run only)', () => {
  it('a transaction that reads, then writes, while another process writes in between: both writes are kept', async () => {
    const file = path.join(dir, 'read-then-write.sqlite');
    const db = createDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(db);
      let other: ReturnType<typeof otherProcess> | undefined;
      await db.transaction().execute(async (trx) => {
        // A read first, as a device's record of sign-ins does before its write.
        await trx.selectFrom('throttle').selectAll().execute();
        // The other process writes now (given time to finish if nothing holds it back)…
        other = otherProcess(file, 'write');
        await other.said('writing');
        await new Promise((resolve) => setTimeout(resolve, 300));
        // …and this transaction's own write still goes through; the other one waits for it.
        await insertOwnRow(trx);
      });
      expect(await other?.exited, other?.stderr()).toBe(0);
      expect(await keys(db)).toEqual(['other-process', 'this-process']);
    } finally {
      await db.destroy();
    }
  });

  it('a transaction that begins while another process holds the write lock waits for it, then writes', async () => {
    const file = path.join(dir, 'held.sqlite');
    const db = createDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(db);
      const other = otherProcess(file, 'hold');
      await other.said('holding');
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('throttle').selectAll().execute();
        await insertOwnRow(trx);
      });
      expect(await other.exited, other.stderr()).toBe(0);
      expect(await keys(db)).toEqual(['other-process', 'this-process']);
    } finally {
      await db.destroy();
    }
  });
});
