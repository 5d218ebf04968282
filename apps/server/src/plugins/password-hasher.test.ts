import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { hash } from '@node-rs/argon2';
import { PasswordHasher } from './password-hasher.ts';
import { HttpProblem } from './http-problem.ts';

/** A hasher whose threads stop when the test ends. */
function hasherForTest(...args: ConstructorParameters<typeof PasswordHasher>): PasswordHasher {
  const made = new PasswordHasher(...args);
  onTestFinished(() => made.close());
  return made;
}

describe('password hashing', () => {
  const hasher = new PasswordHasher();
  afterAll(() => hasher.close());

  it('stores argon2id with OWASP parameters in the hash string', async () => {
    const stored = await hasher.hash('Correct-Horse-7');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'Correct-Horse-7')).toBe(true);
    expect(await hasher.verify(stored, 'correct-Horse-7')).toBe(false);
  });

  it('normalises to NFKC so that composed and decomposed forms of a password match', async () => {
    const composed = 'Šťastný-Kôň-7';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await hasher.verify(await hasher.hash(composed), decomposed)).toBe(true);
  });

  it('asks for a rehash when the stored parameters are weaker than today', async () => {
    const weak = await hash('Correct-Horse-7', { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(hasher.needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('Correct-Horse-7'))).toBe(false);
  });

  it('answers false, not an error, for a corrupt stored hash', async () => {
    expect(await hasher.verify('not-a-hash', 'Correct-Horse-7')).toBe(false);
  });

  it('answers false for a password longer than any that can be set, without waiting for a place', async () => {
    // No place is free: a hash would be refused with service_busy, so an answer means no hash was asked for.
    const full = hasherForTest({ maxConcurrent: 1, maxQueued: 0, retryAfterMs: 3_000 });
    const stored = await hasher.hash('Correct-Horse-7');
    const running = full.verify(stored, 'Correct-Horse-7');
    await expect(full.verify(stored, 'Correct-Horse-7')).rejects.toBeInstanceOf(HttpProblem);
    await expect(full.verify(stored, 'A'.repeat(1025))).resolves.toBe(false);
    // 1025 code points, 2050 UTF-16 units: the length is counted as the new-password rule counts it.
    await expect(full.verify(stored, '😀'.repeat(1025))).resolves.toBe(false);
    const admission = full.admit();
    expect(admission).toBeNull();
    await running;
    // The admitted request that brought such a password gives its place back.
    const held = full.admit();
    expect(held).not.toBeNull();
    await expect(full.verify(stored, 'b'.repeat(4096), held!)).resolves.toBe(false);
    expect(full.load()).toEqual({ running: 0, waiting: 0, held: 0 });
  });

  it('still verifies a password of exactly the longest length the rule allows', async () => {
    const longest = 'Aa1' + '😀'.repeat(1021);
    const stored = await hasher.hash(longest);
    expect(await hasher.verify(stored, longest)).toBe(true);
    expect(await hasher.verify(stored, longest + 'x')).toBe(false);
  });

  it('refuses with service_busy and Retry-After once the queue is full', async () => {
    const small = hasherForTest({ maxConcurrent: 1, maxQueued: 1, retryAfterMs: 3_000 });
    const results = await Promise.allSettled([
      small.hash('A-first-1'),
      small.hash('A-second-2'),
      small.hash('A-third-3'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refusal = (results[2] as PromiseRejectedResult).reason as HttpProblem;
    expect(refusal).toBeInstanceOf(HttpProblem);
    expect(refusal.statusCode).toBe(503);
    expect(refusal.reason).toBe('service_busy');
    expect(refusal.headers['retry-after']).toBe('3');
    // The slots are freed again afterwards.
    await expect(small.hash('A-fourth-4')).resolves.toMatch(/^\$argon2id\$/);
  });

  it('lets the hash of an admitted request take its held place; a hash without one needs a free place', async () => {
    const small = hasherForTest({ maxConcurrent: 1, maxQueued: 1, retryAfterMs: 3_000 });
    const first = small.admit();
    const second = small.admit();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    // Every place is held: a hash that brings no admission is refused, the admitted ones go on.
    await expect(small.hash('A-other-3')).rejects.toBeInstanceOf(HttpProblem);
    const results = await Promise.all([
      small.hash('A-first-1', first!),
      small.verify('not-a-hash', 'A-second-2', second!),
    ]);
    expect(results[0]).toMatch(/^\$argon2id\$/);
    expect(results[1]).toBe(false);
    // A place is taken once: the same admission does not let a second hash in past the limits.
    expect(small.load()).toEqual({ running: 0, waiting: 0, held: 0 });
  });

  it('gives each hashing thread its next hash before the one ahead is done, and no more', async () => {
    const one = hasherForTest({ maxConcurrent: 1, maxQueued: 3, retryAfterMs: 3_000 });
    const hashes = [one.hash('A-first-1'), one.hash('A-second-2'), one.hash('A-third-3')];
    // One thread: the hash it computes and the next are with it; the third waits its turn here.
    expect(one.load()).toEqual({ running: 2, waiting: 1, held: 0 });
    const stored = await Promise.all(hashes);
    expect(await one.verify(stored[2]!, 'A-third-3')).toBe(true);
    expect(await one.verify(stored[0]!, 'A-third-3')).toBe(false);
    expect(one.load()).toEqual({ running: 0, waiting: 0, held: 0 });
  });

  it('fails a hash the library refuses with an error, and frees its place', async () => {
    const broken = hasherForTest(
      { maxConcurrent: 1, maxQueued: 0, retryAfterMs: 3_000 },
      { memoryCost: 1, timeCost: 1, parallelism: 1 },
    );
    await expect(broken.hash('Correct-Horse-7')).rejects.toThrow(/password hashing failed/);
    expect(broken.load()).toEqual({ running: 0, waiting: 0, held: 0 });
  });

  it('fails the hashes under way when it is closed, and starts its thread again for the next', async () => {
    const closing = hasherForTest();
    const underWay = closing.hash('Correct-Horse-7');
    await closing.close();
    await expect(underWay).rejects.toThrow(/stopped/);
    expect(closing.load()).toEqual({ running: 0, waiting: 0, held: 0 });
    await expect(closing.hash('Correct-Horse-7')).resolves.toMatch(/^\$argon2id\$/);
  });

  it('makes the hash of no account again when making it failed, so unknown e-mails keep their answer', async () => {
    const closing = hasherForTest();
    const first = closing.verifyDummy('Correct-Horse-7');
    await closing.close();
    await expect(first).rejects.toThrow(/stopped/);
    await expect(closing.verifyDummy('Correct-Horse-7')).resolves.toBe(false);
  });

  it('keeps a process alive while it hashes, and not once it is idle', async () => {
    // As the operator's CLI uses it: hashes awaited at the top, one after the other, the hasher never
    // closed. The process must print both (not exit while the second is under way, its thread idle
    // in between) and then end by itself (not hang on an idle thread).
    const module = new URL('./password-hasher.ts', import.meta.url).href;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-hasher-'));
    const script = path.join(dir, 'hash-twice.mjs');
    await writeFile(
      script,
      `import { PasswordHasher } from ${JSON.stringify(module)};\nconst hasher = new PasswordHasher();\nconsole.log(await hasher.hash('Correct-Horse-7'));\nconsole.log(await hasher.hash('Correct-Horse-8'));\n`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      timeout: 20_000,
    }).finally(() => rm(dir, { recursive: true, force: true }));
    const printed = stdout.trim().split('\n');
    expect(printed).toHaveLength(2);
    for (const line of printed) expect(line).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  }, 30_000);
});
