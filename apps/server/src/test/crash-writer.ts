// A child process for crash-safety.test.ts: writes sign-in state to a SQLite file through the app's
// own database code and repositories, as fast as it can, and prints each write once it has been
// acknowledged (the awaited call returned), until the test kills it with SIGKILL.
//   node --import tsx apps/server/src/test/crash-writer.ts <file> <user id>
// Lines: "ready", then "session <raw session id>" and "pin_attempt <count>" alternately.
// process.stdout.write to a pipe is synchronous on Linux: a printed line has left the process.
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { SessionRepository } from '../modules/session/session.repository.ts';
import { SessionService } from '../modules/session/session.service.ts';
import { PinCodeRepository } from '../modules/user/pin-code.repository.ts';
import { UserRepository } from '../modules/user/user.repository.ts';

const [file, userId] = process.argv.slice(2);
if (!file || !userId) throw new Error('usage: crash-writer.ts <file> <user id>');

const DAY_MS = 24 * 3_600_000;
const db = createDatabase({ kind: 'sqlite', file });
await migrateToLatest(db);
const users = new UserRepository(db);
if (!(await users.findById(userId))) {
  const now = Date.now();
  await users.insert({
    id: userId,
    email: `${userId}@example.test`,
    first_name: 'Crash',
    surname: 'Test',
    language: 'en',
    password_hash: null,
    email_verified: 1,
    disabled_at: null,
    blocked_at: null,
    created_at: now,
    updated_at: now,
  });
}
const sessions = new SessionService(new SessionRepository(db), Date.now, {
  idleMs: DAY_MS,
  absoluteMs: DAY_MS,
  sharedIdleMs: DAY_MS,
  sharedAbsoluteMs: DAY_MS,
});
const pins = new PinCodeRepository(db);

process.stdout.write('ready\n');
for (;;) {
  const { rawId } = await sessions.rotate(null, userId, 'signed_in');
  process.stdout.write(`session ${rawId}\n`);
  const failures = await pins.takeAttempt(userId, Number.MAX_SAFE_INTEGER, Date.now());
  process.stdout.write(`pin_attempt ${failures}\n`);
}
