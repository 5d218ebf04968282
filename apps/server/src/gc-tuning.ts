import { setFlagsFromString } from 'node:v8';

/**
 * The server's garbage-collector setting, applied by the entry point (`server.ts`) before any other
 * module of the server runs (docs/decisions/0164-hot-paths-and-overload.md, Fourth pass).
 *
 * V8 watches where objects are allocated and, when most objects of one place outlive two
 * young-generation collections, allocates that place's objects straight in the old generation
 * ("pretenuring"). A server process starts with a young generation of 1 MiB: under its first burst
 * of requests, a request's objects still in use (twenty connections at once, each with its request,
 * reply, headers, session row and answer) are a large share of it, so some processes decided to
 * pretenure those short-lived objects and kept doing so. Such a process spent three to four times
 * as long in each young collection, collected its old generation ten times as often, and answered
 * a signed-in `GET /api/user/info` with 45–55 µs of CPU instead of 27–30: one process in two to
 * four, at random, for its whole life. Without pretenuring every process measured the fast figure.
 *
 * Node warns that a flag changed after start may not take effect. This one does: V8 reads it at
 * every collection, before it counts or acts on the allocation sites' feedback (`gc-tuning.test.ts`
 * shows the decision is no longer taken). It is set here rather than on the command line so that
 * every way of starting the server (npm start, the systemd unit, the tests' and the benchmark's
 * processes) runs with it.
 */
export const GC_FLAGS = '--no-allocation-site-pretenuring';

setFlagsFromString(GC_FLAGS);
