import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { onSqlite } from './test-database.ts';

// Several processes may share one SQLite file (docs/deploy.md): a server's transaction that reads,
// then writes, while another process writes to the file in between, waits for it instead of failing
// (docs/decisions/0175-sqlite-immediate-transactions.md). SQLite run only: it is about SQLite's locks.

/** Another process: writes one throttle row with the server's busy time-out, saying when it starts. */
const OTHER_WRITER = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
process.stdout.write('writing\\n');
db.prepare("insert into throttle (key, failures, window_started_at, blocked_until, updated_at) values ('other-process', 1, 0, null, 0)").run();
process.stdout.write('written\\n');
db.close();
`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-processes-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.runIf(onSqlite)('one SQLite file, two processes (SQLite run only)', () => {
  it('a transaction that reads, then writes, while another process writes, waits for it: both writes are kept', async () => {
    const file = path.join(dir, 'shared.sqlite');
    const db = createDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(db);
      const other = spawn(process.execPath, ['-e', OTHER_WRITER, file], {
        cwd: path.join(REPO_ROOT, 'apps', 'server'),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      other.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const lines = createInterface({ input: other.stdout });
      const said = (line: string) =>
        new Promise<void>((resolve) => lines.on('line', (text) => text === line && resolve()));
      const starts = said('writing');
      const exited = new Promise<number | null>((resolve) => other.once('exit', resolve));

      await db.transaction().execute(async (trx) => {
        // A read first, as a device's sign-in record does before its write.
        await trx.selectFrom('throttle').selectAll().execute();
        // The other process writes now (given time to finish if nothing holds it back)…
        await starts;
        await new Promise((resolve) => setTimeout(resolve, 300));
        // …and this transaction's own write still goes through.
        await trx
          .insertInto('throttle')
          .values({ key: 'this-process', failures: 1, window_started_at: 0, blocked_until: null, updated_at: 0 })
          .execute();
      });
      expect(await exited, stderr).toBe(0);
      const keys = (await db.selectFrom('throttle').select('key').orderBy('key').execute()).map((row) => row.key);
      expect(keys).toEqual(['other-process', 'this-process']);
    } finally {
      await db.destroy();
    }
  });
});
