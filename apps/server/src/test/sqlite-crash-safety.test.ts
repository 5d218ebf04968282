import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { randomInt } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/config.ts';
import { createDatabase } from '../db/database.ts';
import { SessionRepository } from '../modules/session/session.repository.ts';
import { SessionService } from '../modules/session/session.service.ts';
import { onSqlite } from './test-database.ts';

// docs/security.md, Storage and crashes: SQLite runs in WAL mode with synchronous=FULL for the auth
// data, and a crash at any moment leaves the database intact with every acknowledged write present.
// These tests are about the SQLite file itself, so they run in the SQLite run only: the PostgreSQL run (TEST_DATABASE_URL)
// covers the shared repositories, and PostgreSQL's own durability is the server's business.

const WRITER = path.join('apps', 'server', 'src', 'test', 'crash-writer.ts');
const DAY_MS = 24 * 3_600_000;
const USER_ID = 'crash-user';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-crash-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Acknowledged {
  sessions: string[];
  lastPinAttempt: number;
}

/**
 * Runs the writer on `file` and kills it with SIGKILL at a random moment after `afterAcks`
 * acknowledged writes (plus a random 0–20 ms, so the kill lands anywhere in a statement).
 */
async function writeThenKill(file: string, afterAcks: number): Promise<Acknowledged> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, USER_ID], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acknowledged: Acknowledged = { sessions: [], lastPinAttempt: 0 };
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  let acks = 0;
  let killing = false;
  // Lines are read to the end, after the kill too: what the child printed before it died was acknowledged.
  for await (const line of createInterface({ input: child.stdout })) {
    const [kind, value] = line.split(' ');
    if (kind === 'session' && value) acknowledged.sessions.push(value);
    else if (kind === 'pin_attempt') acknowledged.lastPinAttempt = Number(value);
    else continue;
    if (++acks >= afterAcks && !killing) {
      killing = true;
      setTimeout(() => child.kill('SIGKILL'), randomInt(0, 21));
    }
  }
  const signal = await exited;
  if (signal !== 'SIGKILL') throw new Error(`the writer ended by itself (${String(signal)}): ${stderr}`);
  return acknowledged;
}

describe.runIf(onSqlite)('a SQLite file database (SQLite run only: it checks the SQLite file and its pragmas)', () => {
  it('is opened by the app in WAL mode with synchronous=FULL and foreign keys enforced', async () => {
    const file = path.join(dir, 'pragmas.sqlite');
    const db = createDatabase({ kind: 'sqlite', file });
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {})[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // 2 = FULL
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBeGreaterThanOrEqual(1_000);
    } finally {
      await db.destroy();
    }
  });

  it('keeps every acknowledged session and PIN attempt, intact, when the writing process is killed at random moments', async () => {
    const file = path.join(dir, 'crash.sqlite');
    const sessions: string[] = [];
    for (let round = 0; round < 3; round++) {
      const acknowledged = await writeThenKill(file, randomInt(20, 400));
      expect(acknowledged.sessions.length).toBeGreaterThan(5);
      sessions.push(...acknowledged.sessions);
      // The count carries on from round to round (same account, same file).
      const { lastPinAttempt } = acknowledged;

      // Reopened as the next process would find it (recovery of the WAL happens here).
      const raw = new SqliteDatabase(file);
      try {
        expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(raw.pragma('foreign_key_check')).toEqual([]);
        const stored = raw.prepare('select count(*) as n from sessions').get() as { n: number };
        // Nothing acknowledged is missing; at most the one write in flight at the kill got in besides.
        expect(stored.n).toBeGreaterThanOrEqual(sessions.length);
        expect(stored.n).toBeLessThanOrEqual(sessions.length + round + 1);
        const attempts = raw.prepare('select failures from pin_attempts where user_id = ?').get(USER_ID) as {
          failures: number;
        };
        expect(attempts.failures).toBeGreaterThanOrEqual(lastPinAttempt);
        expect(attempts.failures).toBeLessThanOrEqual(lastPinAttempt + 1);
      } finally {
        raw.close();
      }
    }

    // Every acknowledged session still signs its holder in, through the app's own code.
    const db = createDatabase({ kind: 'sqlite', file });
    try {
      const service = new SessionService(new SessionRepository(db), Date.now, {
        idleMs: DAY_MS,
        absoluteMs: DAY_MS,
        sharedIdleMs: DAY_MS,
        sharedAbsoluteMs: DAY_MS,
      });
      const missing: string[] = [];
      for (const rawId of sessions) {
        const session = await service.resolve(rawId);
        if (session?.level !== 'signed_in' || session.userId !== USER_ID) missing.push(rawId);
      }
      expect(missing).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 90_000);
});
