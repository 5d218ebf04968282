import { setFlagsFromString } from 'node:v8';

/**
 * The server process's garbage-collector setting, applied by its entry point (`server.ts`) before any
 * other module of the server runs (docs/decisions/0164-hot-paths-and-overload.md, Fourth pass).
 *
 * V8 watches where objects are allocated and, when most objects of one place outlive two
 * young-generation collections, allocates that place's objects straight in the old generation
 * ("pretenuring"). A process starts with a young generation of 1 MiB: under its first burst of
 * requests the objects of the requests in flight are a large share of it, so some processes decided
 * to pretenure short-lived request objects and kept doing so, paying about half as much CPU again on
 * every request for their whole life, at random. Without pretenuring every process is the fast kind.
 *
 * Node warns that a flag changed after start may not take effect. This one does: V8 checks it
 * whenever it would count or act on the allocation sites' feedback (`gc-tuning.test.ts`). It is set
 * here rather than on the command line so that every process started from `server.ts` (npm start, the
 * systemd unit, the benchmarks, the fleet test) has it without a V8 option of its own.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
