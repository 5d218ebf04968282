// A hashing thread of the password hasher (password-hasher.ts, docs/decisions/0164-hot-paths-and-overload.md).
// Plain JavaScript on purpose, the one such file of the server: a worker starts from a file of its own,
// and on Node 20 the TypeScript loader of the server (tsx) and of the tests (vitest) does not reach a
// worker's thread (docs/conventions.md).
//
// It computes one argon2id hash at a time, in the order the messages came. The main thread may send it
// the next job before this one is done, so the thread goes straight on to it even while the main
// thread is busy (a commit's flush, another request): no core waits for the event loop between hashes.
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

/** A stored hash that cannot be read matches no password: false, not an error. */
function verifies(stored, password) {
  try {
    return verifySync(stored, password);
  } catch {
    return false;
  }
}

parentPort.on('message', (job) => {
  try {
    const value = job.kind === 'hash' ? hashSync(job.password, job.params) : verifies(job.stored, job.password);
    parentPort.postMessage({ id: job.id, value });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
