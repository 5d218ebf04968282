// `npm run bench -- --only=server` (and step 3 of the full `npm run bench`): the server's hot paths
// and its behaviour under a login overload, each against a floor built in the same run
// (docs/decisions/0164-hot-paths-and-overload.md). Floor and real measurements alternate for a few
// rounds and the medians are reported, so that other work on the machine weighs on both alike:
//   (a) a bare Fastify app doing the same SQLite session lookup by cookie vs signed-in GET /api/user/info;
//   (b) a bare Fastify route answering a small JSON vs GET /api/server/info;
//       for (a) and (b) also the CPU time each side's process spent per request (Linux's /proc);
//   (c) the argon2id bound (the server's library and parameters, one stored hash verified at the
//       hasher's concurrency, in a process of its own) vs POST /api/user/login with the right password;
//   (d) overload: 64 eager clients on login with a cheap-call client alongside: completed logins
//       per second as a share of (c)'s bound, how many 503s and how fast they come, the cheap call's p99.
//       The clients send again the moment they have an answer, and after a 503 once its Retry-After has
//       passed, as the web app and any well-behaved client do; (d′) the same 64 connections ignoring
//       Retry-After (autocannon: a 503 is answered by the next request at once), the case of a broken
//       or hostile client, reported beside it.
// The server runs as bench/run.mjs runs it: a throw-away SQLite database, LOG_LEVEL=error,
// NODE_ENV=test, on BENCH_PORT (default 8381); the floors listen on the next ports.
import { spawn, execFileSync } from 'node:child_process';
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EMAIL = 'bench@example.test';
const PASSWORD = 'Bench-Password-1';

/** The goals of docs/decisions/0164-hot-paths-and-overload.md. */
export const SERVER_GOALS = {
  userInfoVsFloor: 0.7,
  serverInfoVsFloor: 0.7,
  loginVsArgon2: 0.9,
  overloadGoodput: 0.95,
  cheapCallP99Ms: 50,
};

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare Fastify app: GET /small answers a small JSON; GET /session looks the cookie's session up in SQLite as the server does. */
const FLOOR_SOURCE = `
import Fastify from 'fastify';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
const db = new Database(process.env.FLOOR_DATABASE, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('busy_timeout = 5000');
const find = db.prepare('select * from sessions where id_hash = ?');
const app = Fastify({ logger: false });
app.get('/small', async () => ({ status: 'ok', guest: true, language: 'sk', user: null }));
// The same small JSON with the server's own response headers (security headers, cache-control): what
// the headers alone cost on the wire and in the load generator, which shares the machine's cores.
const serverHeaders = JSON.parse(process.env.FLOOR_HEADERS);
app.get('/small-with-headers', async (_request, reply) => {
  reply.headers(serverHeaders);
  return { status: 'ok', guest: true, language: 'sk', user: null };
});
app.get('/session', async (request) => {
  const match = /(?:^|;\\s*)gh_session=([^;]*)/.exec(request.headers.cookie ?? '');
  const row = match ? find.get(createHash('sha256').update(match[1]).digest('hex')) : undefined;
  return { status: 'ok', guest: row === undefined, language: 'sk', user: row ? { id: row.user_id } : null };
});
await app.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
console.log('floor ready');
`;

/** Verifies one argon2id hash with the server's parameters, CONCURRENCY at once, for DURATION_MS; prints verifications per second. */
const ARGON2_SOURCE = `
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_PARAMS, DEFAULT_HASHER_LIMITS } from './apps/server/src/plugins/password-hasher.ts';
const password = process.env.ARGON2_PASSWORD;
const stored = await hash(password, ARGON2_PARAMS);
for (let i = 0; i < 4; i++) await verify(stored, password);
const until = Date.now() + Number(process.env.DURATION_MS);
let done = 0;
const start = performance.now();
await Promise.all(Array.from({ length: DEFAULT_HASHER_LIMITS.maxConcurrent }, async () => {
  while (Date.now() < until) {
    if (!(await verify(stored, password))) throw new Error('the hash did not verify');
    done += 1;
  }
}));
console.log(JSON.stringify({ perSecond: done / ((performance.now() - start) / 1000), concurrency: DEFAULT_HASHER_LIMITS.maxConcurrent }));
`;

/** A Node process of this repository; `ready` resolves once its output says `readyText`. */
export function startNode(args, env, readyText) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before it was ready`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { pid: child.pid, ready, stop: () => (child.exitCode === null ? (child.kill('SIGTERM'), exited) : exited) };
}

/** An active account made with the operator's CLI, as an operator would, in the database `env` names. */
export function createUser(env, email, password) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'user', 'create', '--email', email, '--password', password],
    { cwd: root, env, stdio: 'ignore' },
  );
}

/** The argon2id bound, in a process of its own so that it pays for what a server process pays (start, threads). */
function argon2Bound(durationMs) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ARGON2_SOURCE], {
    cwd: root,
    env: { ...process.env, ARGON2_PASSWORD: PASSWORD, DURATION_MS: String(durationMs) },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop());
}

/** autocannon, with each answer's status and time kept (autocannon's own histogram mixes statuses). */
async function cannon(options) {
  const byStatus = new Map();
  const errorKinds = new Map();
  const instance = autocannon({ ...options });
  instance.on('reqError', (error) =>
    errorKinds.set(error.code ?? error.message, (errorKinds.get(error.code ?? error.message) ?? 0) + 1),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    let list = byStatus.get(statusCode);
    if (!list) byStatus.set(statusCode, (list = []));
    list.push(responseTime);
  });
  const result = await instance;
  return { result, byStatus, errorKinds: Object.fromEntries(errorKinds) };
}

/**
 * `connections` clients, each on a keep-alive connection of its own, sending `request` for `seconds`:
 * the next one the moment an answer arrives, or after a 503 once its Retry-After (seconds) has passed.
 * Answers arriving after the end are not counted. Returns { byStatus, errors } like `cannon`.
 */
async function retryAfterClients({ url, method, headers, body, connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const byStatus = new Map();
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const send = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.request(
        url,
        { method, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode,
              retryAfter: response.headers['retry-after'],
              ms: performance.now() - started,
            }),
          );
        },
      );
      request.on('error', () => resolve({ status: null, retryAfter: undefined, ms: performance.now() - started }));
      request.end(body);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const { status, retryAfter, ms } = await send();
        if (performance.now() > end) break;
        if (status === null) errors += 1;
        else {
          let list = byStatus.get(status);
          if (!list) byStatus.set(status, (list = []));
          list.push(ms);
        }
        if (status === 503) await sleep(Math.min(Number(retryAfter ?? 1) * 1000, Math.max(0, end - performance.now())));
      }
    }),
  );
  agent.destroy();
  return { byStatus, errors };
}

async function requestsPerSecond(options, seconds) {
  return (await measured(undefined, options, seconds)).perSecond;
}

/** The CPU time a process has used, in µs (user and system, all its threads), from Linux's /proc; null elsewhere. */
export function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, the 14th and 15th fields of the line (the 12th and 13th after the name).
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * Requests per second, and the CPU time the process `pid` spent per request meanwhile (µs; null
 * without /proc): how much a request costs the server, whatever the load generator, which shares
 * the cores, takes from it.
 */
async function measured(pid, options, seconds) {
  const before = pid === undefined ? null : cpuMicros(pid);
  const { result, errorKinds } = await cannon({ duration: seconds, connections: 20, ...options });
  const after = pid === undefined ? null : cpuMicros(pid);
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(
      `${options.url}: ${result.errors} errors (${JSON.stringify(errorKinds)}), ${result.non2xx} non-2xx answers`,
    );
  const total = result.requests.total;
  return {
    perSecond: result.requests.average,
    cpuMicrosPerRequest: before === null || after === null || total === 0 ? null : (after - before) / total,
  };
}

/**
 * Runs (a)–(d) and returns { results, lines } (lines: a markdown section). Options: `port` of the server
 * (BENCH_PORT or 8381), `rounds` of floor/real pairs (5), `seconds` per throughput measurement (4),
 * `overloadSeconds` (10), `overloadRounds` (3).
 */
export async function measureServer({
  port = Number(process.env.BENCH_PORT ?? 8381),
  rounds = 5,
  seconds = 4,
  overloadSeconds = 10,
  overloadRounds = 3,
} = {}) {
  const origin = `http://localhost:${port}`;
  // Load goes to the address the server binds: "localhost" may resolve to ::1 first, which nothing listens on.
  const target = `http://127.0.0.1:${port}`;
  const floorOrigin = `http://127.0.0.1:${port + 1}`;
  const data = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-server-'));
  const databaseFile = path.join(data, 'bench.sqlite');
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    DATABASE_URL: databaseFile,
    LOG_LEVEL: 'error',
    // autocannon keeps using a connection after `Connection: close` (see bench/run.mjs): one connection per client for the run.
    HTTP_MAX_REQUESTS_PER_CONNECTION: '100000',
  };
  const processes = [];
  try {
    const server = startNode(['--import', 'tsx', 'apps/server/src/server.ts'], env, 'Gatehouse is running at');
    processes.push(server);
    await server.ready;
    createUser(env, EMAIL, PASSWORD);
    // A signed-in session written straight into the throw-away database (the PIN step is not what is measured).
    const rawId = randomBytes(32).toString('base64url');
    const sqlite = new Database(databaseFile);
    try {
      const { id: userId } = sqlite.prepare('select id from users where email = ?').get(EMAIL);
      const now = Date.now();
      sqlite
        .prepare(
          `insert into sessions (id_hash, user_id, level, created_at, last_seen_at, expires_at, shared, public_id, user_agent, authenticated_at)
           values (?, ?, 'signed_in', ?, ?, ?, 0, ?, null, ?)`,
        )
        .run(
          createHash('sha256').update(rawId).digest('hex'),
          userId,
          now,
          now,
          now + 11 * 3_600_000,
          randomBytes(16).toString('base64url'),
          now,
        );
    } finally {
      sqlite.close();
    }
    // The headers the server sends with server info, but those Node writes for every answer.
    const infoHeaders = Object.fromEntries(
      [...(await fetch(`${target}/api/server/info`)).headers].filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name),
      ),
    );
    const floor = startNode(
      ['--input-type=module', '-e', FLOOR_SOURCE],
      {
        ...process.env,
        FLOOR_DATABASE: databaseFile,
        FLOOR_PORT: String(port + 1),
        FLOOR_HEADERS: JSON.stringify(infoHeaders),
      },
      'floor ready',
    );
    processes.push(floor);
    await floor.ready;

    const cookie = `gh_session=${rawId}`;
    const signedIn = (await (await fetch(`${target}/api/user/info`, { headers: { cookie } })).json()).guest === false;
    if (!signedIn) throw new Error('the bench session is not signed in');
    const loginRequest = {
      url: `${target}/api/user/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
    };

    // Warm-up: JIT, statement caches, the dummy hash.
    await requestsPerSecond({ url: `${target}/api/user/info`, headers: { cookie } }, 1);
    await requestsPerSecond({ url: `${target}/api/server/info` }, 1);
    await requestsPerSecond({ url: `${floorOrigin}/session`, headers: { cookie } }, 1);
    await requestsPerSecond({ url: `${floorOrigin}/small` }, 1);
    await requestsPerSecond({ url: `${floorOrigin}/small-with-headers` }, 1);
    await requestsPerSecond({ ...loginRequest, connections: 4 }, 1);

    /** CPU time per request (µs) of the same measurements, where /proc tells it. */
    const cpu = { sessionFloor: [], userInfo: [], smallFloor: [], serverInfo: [] };
    const withCpu = (key, pid, options) => async () => {
      const { perSecond, cpuMicrosPerRequest } = await measured(pid, options, seconds);
      cpu[key].push(cpuMicrosPerRequest);
      return perSecond;
    };
    const samples = {
      sessionFloor: [],
      userInfo: [],
      smallFloor: [],
      serverInfo: [],
      headersFloor: [],
      argon2: [],
      login: [],
    };
    for (let round = 0; round < rounds; round++) {
      // The order within a round alternates too, so that neither side always goes first.
      // Each group is measured back to back, its order turned by one every round, so that no side always goes first.
      const groups = [
        [
          ['sessionFloor', withCpu('sessionFloor', floor.pid, { url: `${floorOrigin}/session`, headers: { cookie } })],
          ['userInfo', withCpu('userInfo', server.pid, { url: `${target}/api/user/info`, headers: { cookie } })],
        ],
        [
          ['smallFloor', withCpu('smallFloor', floor.pid, { url: `${floorOrigin}/small` })],
          ['serverInfo', withCpu('serverInfo', server.pid, { url: `${target}/api/server/info` })],
          // Diagnostic: the bare route with the server's response headers.
          ['headersFloor', () => requestsPerSecond({ url: `${floorOrigin}/small-with-headers` }, seconds)],
        ],
        [
          ['argon2', async () => argon2Bound(seconds * 1000).perSecond],
          // 4 connections keep the hasher's 2 slots busy with 2 waiting: it never idles and never refuses.
          ['login', () => requestsPerSecond({ ...loginRequest, connections: 4 }, seconds)],
        ],
      ];
      for (const group of groups) {
        const turned = [...group.slice(round % group.length), ...group.slice(0, round % group.length)];
        for (const [key, measure] of turned) samples[key].push(await measure());
      }
      console.error(`bench server: round ${round + 1}/${rounds} done`);
    }
    const m = Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, median(values)]));
    // Each round's own ratio (its two sides measured back to back), then their median: steadier than
    // a ratio of medians when other work on the machine comes and goes between rounds.
    // `share` divides the server's measure by the floor's (a throughput) or the floor's by the server's (a cost).
    const pairedOf = (series, share) => (real, floor) =>
      median(series[real].map((value, i) => share(value, series[floor][i])));
    const paired = pairedOf(samples, (real, floor) => real / floor);
    // The same for the CPU per request: the floor's cost as a share of the server's (1 = as cheap as the floor).
    const cpuKnown = Object.values(cpu).every((values) => values.every((value) => value !== null));
    const cpuMedians = cpuKnown
      ? Object.fromEntries(Object.entries(cpu).map(([key, values]) => [key, median(values)]))
      : null;
    const cpuShare = pairedOf(cpu, (real, floor) => floor / real);
    const cpuPaired = (real, floor) => (cpuKnown ? cpuShare(real, floor) : null);

    // (d) Overload: the argon2 bound is measured again right before each round (the capacity it is a
    // share of); then the clients that honour Retry-After and those that ignore it, in turn.
    const overloadOf = (capacity, heavyRun, cheapRun, errors) => {
      const ok = heavyRun.byStatus.get(200) ?? [];
      const refused = heavyRun.byStatus.get(503) ?? [];
      const cheapTimes = [...cheapRun.byStatus.values()].flat();
      return {
        capacityPerSecond: capacity,
        loginsPerSecond: ok.length / overloadSeconds,
        goodput: ok.length / overloadSeconds / capacity,
        answered: Object.fromEntries([...heavyRun.byStatus].map(([code, list]) => [code, list.length])),
        errors,
        refused: refused.length,
        refusedP50Ms: percentile(refused, 50),
        refusedP99Ms: percentile(refused, 99),
        loginP99Ms: percentile(ok, 99),
        cheapCalls: cheapTimes.length,
        cheapNon2xx: cheapRun.result.non2xx,
        cheapP50Ms: percentile(cheapTimes, 50),
        cheapP99Ms: percentile(cheapTimes, 99),
      };
    };
    const cheapClient = () =>
      cannon({ url: `${target}/api/server/info`, connections: 1, overallRate: 50, duration: overloadSeconds });
    const overloads = [];
    const ignoring = [];
    for (let round = 0; round < overloadRounds; round++) {
      const capacity = argon2Bound(seconds * 1000).perSecond;
      {
        const [cheapRun, heavyRun] = await Promise.all([
          cheapClient(),
          retryAfterClients({ ...loginRequest, connections: 64, seconds: overloadSeconds }),
        ]);
        overloads.push(overloadOf(capacity, heavyRun, cheapRun, heavyRun.errors));
      }
      await sleep(1_000);
      {
        const [cheapRun, heavyRun] = await Promise.all([
          cheapClient(),
          cannon({ ...loginRequest, connections: 64, duration: overloadSeconds }),
        ]);
        ignoring.push(overloadOf(capacity, heavyRun, cheapRun, heavyRun.result.errors + heavyRun.result.timeouts));
      }
      console.error(`bench server: overload round ${round + 1}/${overloadRounds} done`);
      await sleep(1_000);
    }
    const summary = (list) => ({
      capacityPerSecond: median(list.map((o) => o.capacityPerSecond)),
      loginsPerSecond: median(list.map((o) => o.loginsPerSecond)),
      goodput: median(list.map((o) => o.goodput)),
      refused: median(list.map((o) => o.refused)),
      refusedP99Ms: median(list.map((o) => o.refusedP99Ms ?? 0)),
      cheapP99Ms: median(list.map((o) => o.cheapP99Ms ?? 0)),
      rounds: list,
    });
    const overload = { ...summary(overloads), ignoringRetryAfter: summary(ignoring) };

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg()[0],
      settings: { rounds, seconds, overloadSeconds, overloadRounds },
      samples,
      cpuSamples: cpu,
      medians: m,
      cpuMedians,
      cpuRatios: {
        userInfoVsFloor: cpuPaired('userInfo', 'sessionFloor'),
        serverInfoVsFloor: cpuPaired('serverInfo', 'smallFloor'),
      },
      ratios: {
        userInfoVsFloor: paired('userInfo', 'sessionFloor'),
        serverInfoVsFloor: paired('serverInfo', 'smallFloor'),
        headersFloorVsFloor: paired('headersFloor', 'smallFloor'),
        loginVsArgon2: paired('login', 'argon2'),
        overloadGoodput: overload.goodput,
        // Diagnostic: the same completed logins as a share of this server's own login rate without
        // overload ((c)): what overload itself costs, apart from the ceiling (c) measures.
        overloadVsUnloadedLogin: overload.loginsPerSecond / m.login,
      },
      ratiosOfMedians: {
        userInfoVsFloor: m.userInfo / m.sessionFloor,
        serverInfoVsFloor: m.serverInfo / m.smallFloor,
        headersFloorVsFloor: m.headersFloor / m.smallFloor,
        loginVsArgon2: m.login / m.argon2,
      },
      overload,
      goals: SERVER_GOALS,
    };
    return { results, lines: serverTable(results) };
  } finally {
    for (const p of processes.reverse()) await p.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

const fixed = (n, digits = 0) => (n === null || n === undefined ? '–' : Number(n).toFixed(digits));
const verdict = (ok) => (ok ? 'met' : 'NOT met');

/** The markdown section of bench/results/server.md and latest.md. */
export function serverTable(r) {
  const { medians: m, ratios, overload: o, goals: g } = r;
  return [
    `## Server hot paths and overload (bench/server.mjs)`,
    '',
    `Node ${r.node}, ${r.cpus} cores, load average ${fixed(r.loadAverage, 1)} at the end (other work on the machine counts in every figure).`,
    `Medians of ${r.settings.rounds} interleaved floor/real rounds of ${r.settings.seconds} s (autocannon, 20 connections; login 4); overload ${r.settings.overloadRounds} × ${r.settings.overloadSeconds} s.`,
    '',
    "Ratio: the median of the rounds' own ratios (each round measures both sides back to back); in brackets the ratio of the medians.",
    '',
    '| measurement | floor (same run) | server | ratio | goal |',
    '|---|---|---|---|---|',
    `| (a) signed-in GET /api/user/info vs bare Fastify + SQLite session lookup, req/s | ${fixed(m.sessionFloor)} | ${fixed(m.userInfo)} | ${fixed(ratios.userInfoVsFloor, 2)} (${fixed(r.ratiosOfMedians.userInfoVsFloor, 2)}) | ≥ ${g.userInfoVsFloor}: ${verdict(ratios.userInfoVsFloor >= g.userInfoVsFloor)} |`,
    `| (b) GET /api/server/info vs bare Fastify small JSON, req/s | ${fixed(m.smallFloor)} | ${fixed(m.serverInfo)} | ${fixed(ratios.serverInfoVsFloor, 2)} (${fixed(r.ratiosOfMedians.serverInfoVsFloor, 2)}) | ≥ ${g.serverInfoVsFloor}: ${verdict(ratios.serverInfoVsFloor >= g.serverInfoVsFloor)} |`,
    `| (b′) diagnostic: the same bare route sending the server's response headers, req/s | ${fixed(m.smallFloor)} | ${fixed(m.headersFloor)} | ${fixed(ratios.headersFloorVsFloor, 2)} (${fixed(r.ratiosOfMedians.headersFloorVsFloor, 2)}) | what the headers alone cost |`,
    `| (c) POST /api/user/login (right password) vs argon2id verify bound, logins/s | ${fixed(m.argon2, 1)} | ${fixed(m.login, 1)} | ${fixed(ratios.loginVsArgon2, 2)} (${fixed(r.ratiosOfMedians.loginVsArgon2, 2)}) | ≥ ${g.loginVsArgon2}: ${verdict(ratios.loginVsArgon2 >= g.loginVsArgon2)} |`,
    `| (d) 64 eager login clients honouring Retry-After: completed logins/s vs the bound (median of rounds) | ${fixed(o.capacityPerSecond, 1)} | ${fixed(o.loginsPerSecond, 1)} | ${fixed(o.goodput, 2)} | ≥ ${g.overloadGoodput}: ${verdict(o.goodput >= g.overloadGoodput)} |`,
    ...(o.ignoringRetryAfter
      ? [
          `| (d′) diagnostic: 64 connections ignoring Retry-After (the next login at once after a 503) | ${fixed(o.ignoringRetryAfter.capacityPerSecond, 1)} | ${fixed(o.ignoringRetryAfter.loginsPerSecond, 1)} | ${fixed(o.ignoringRetryAfter.goodput, 2)} | what a client that ignores Retry-After costs |`,
        ]
      : []),
    ...(ratios.overloadVsUnloadedLogin !== undefined
      ? [
          `| (d″) diagnostic: the completed logins/s of (d) vs this server's own login rate without overload, that of (c) | ${fixed(m.login, 1)} | ${fixed(o.loginsPerSecond, 1)} | ${fixed(ratios.overloadVsUnloadedLogin, 2)} | what overload itself costs (1: nothing) |`,
        ]
      : []),
    ...(r.cpuMedians
      ? [
          '',
          "CPU time per request of the same measurements (the process's user and system time over the requests it answered, all its threads; the load generator's share of the cores does not count). Ratio: the floor's cost as a share of the server's, median of the rounds.",
          '',
          '| measurement | floor µs/request | server µs/request | floor / server |',
          '|---|---|---|---|',
          `| (a) signed-in GET /api/user/info vs the bare session lookup | ${fixed(r.cpuMedians.sessionFloor, 1)} | ${fixed(r.cpuMedians.userInfo, 1)} | ${fixed(r.cpuRatios.userInfoVsFloor, 2)} |`,
          `| (b) GET /api/server/info vs the bare small JSON | ${fixed(r.cpuMedians.smallFloor, 1)} | ${fixed(r.cpuMedians.serverInfo, 1)} | ${fixed(r.cpuRatios.serverInfoVsFloor, 2)} |`,
        ]
      : []),
    '',
    '| overload round | clients | capacity/s | logins/s | goodput | 503s | 503 p50 ms | 503 p99 ms | login p99 ms | errors | cheap calls | cheap p50 ms | cheap p99 ms (goal ≤ ' +
      g.cheapCallP99Ms +
      ') |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...[
      ...o.rounds.map((x, i) => [`${i + 1}`, 'honour Retry-After', x]),
      ...(o.ignoringRetryAfter?.rounds ?? []).map((x, i) => [`${i + 1}`, 'ignore Retry-After', x]),
    ].map(
      ([round, clients, x]) =>
        `| ${round} | ${clients} | ${fixed(x.capacityPerSecond, 1)} | ${fixed(x.loginsPerSecond, 1)} | ${fixed(x.goodput * 100)} % | ${x.refused} | ${fixed(x.refusedP50Ms)} | ${fixed(x.refusedP99Ms)} | ${fixed(x.loginP99Ms)} | ${x.errors} | ${x.cheapCalls} (${x.cheapNon2xx} non-2xx) | ${fixed(x.cheapP50Ms)} | ${fixed(x.cheapP99Ms)} |`,
    ),
    '',
    `Cheap call p99 under overload (median of rounds, clients honouring Retry-After): ${fixed(o.cheapP99Ms)} ms, goal ≤ ${g.cheapCallP99Ms} ms: ${verdict(o.cheapP99Ms <= g.cheapCallP99Ms)}` +
      (o.ignoringRetryAfter ? `; with clients ignoring it: ${fixed(o.ignoringRetryAfter.cheapP99Ms)} ms.` : '.'),
    '',
  ];
}

/** Writes bench/results/server.md and server.json; answers the section's lines (for bench/results/latest.md). */
export function writeServerResults({ results, lines }) {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const page = [`# Server hot paths and overload ${results.date}`, ...lines.slice(1)];
  writeFileSync(path.join(dir, 'server.md'), page.join('\n'));
  writeFileSync(path.join(dir, 'server.json'), JSON.stringify(results, null, 2));
  return lines;
}
