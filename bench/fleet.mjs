// `npm run bench -- --only=fleet`: the same load figures as on SQLite, on PostgreSQL, with one and
// with two server processes on one database (docs/deploy.md, "Sizing"). autocannon loads each
// process directly with the same total number of connections, so the figures say how throughput
// grows with processes on this machine. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://…):
// a database of its own is created there and dropped at the end. Results: bench/results/fleet.md.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '').trim();
if (!/^postgres(ql)?:\/\//.test(serverUrl)) {
  console.error(
    'bench fleet: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a postgres:// URL whose role may create databases',
  );
  process.exit(1);
}
const BASE_PORT = Number(process.env.BENCH_PORT ?? 8281) + 10;
const EMAIL = 'bench@example.test';
const PASSWORD = 'Bench-Password-1';
const LOGIN_CONNECTIONS = 4;
const INFO_CONNECTIONS = 20;

async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const name = `gh_bench_${process.pid}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
// autocannon keeps a connection after the server's `Connection: close` (at 100 requests by default,
// then every request on it gets 503): let one connection carry the whole run instead.
const env = {
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'error',
  DATABASE_URL: url.toString(),
  MIGRATE_AT_START: 'false',
  HTTP_MAX_REQUESTS_PER_CONNECTION: '100000',
};

function startProcess(port) {
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), PUBLIC_ORIGIN: origin },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('Gatehouse is running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server on ${port} exited (${code})`)));
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  return { origin, ready, stop: () => (child.kill('SIGTERM'), stopped) };
}

/** autocannon against every process at once, the connections shared out; summed req/s, worst p50/p99. */
async function load(origins, title, request, connections) {
  const results = await Promise.all(
    origins.map((origin) =>
      autocannon({
        duration: 10,
        connections: Math.max(1, Math.round(connections / origins.length)),
        ...request(origin),
      }),
    ),
  );
  return {
    title,
    processes: origins.length,
    requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    latencyP50Ms: Math.max(...results.map((r) => r.latency.p50)),
    latencyP99Ms: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    statusCodes: results.map((r) => r.statusCodeStats),
  };
}

await adminQuery(`create database "${name}"`);
const rows = [];
try {
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/migrate.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'user', 'create', '--email', EMAIL, '--password', PASSWORD],
    { cwd: root, env, stdio: 'inherit' },
  );
  for (const count of [1, 2]) {
    const processes = Array.from({ length: count }, (_, i) => startProcess(BASE_PORT + i));
    try {
      await Promise.all(processes.map((p) => p.ready));
      const origins = processes.map((p) => p.origin);
      rows.push(
        await load(
          origins,
          'GET /api/server/info',
          (origin) => ({ url: `${origin}/api/server/info` }),
          INFO_CONNECTIONS,
        ),
      );
      rows.push(
        await load(
          origins,
          'POST /api/user/login (argon2id verify, m=19 MiB)',
          (origin) => ({
            url: `${origin}/api/user/login`,
            method: 'POST',
            headers: { 'content-type': 'application/json', origin },
            body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
          }),
          LOGIN_CONNECTIONS,
        ),
      );
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
    }
  }
} finally {
  await adminQuery(`drop database if exists "${name}" with (force)`);
}

/** "200×n, 503×m" over every process's answers. */
function statusSummary(perProcess) {
  const total = {};
  for (const stats of perProcess)
    for (const [code, { count }] of Object.entries(stats)) total[code] = (total[code] ?? 0) + count;
  return Object.entries(total)
    .map(([code, count]) => `${code}×${count}`)
    .join(', ');
}

const lines = [
  `# Load on PostgreSQL, one and two processes ${new Date().toISOString()}`,
  '',
  `Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end (other work on the machine counts in every figure). autocannon 10 s per row, each process loaded directly,`,
  `the same total connections either way (${INFO_CONNECTIONS} for server info, ${LOGIN_CONNECTIONS} for login).`,
  '',
  '| load | processes | req/s | p50 ms | p99 ms | non-2xx | errors | status codes |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.title} | ${r.processes} | ${r.requestsPerSecond} | ${r.latencyP50Ms} | ${r.latencyP99Ms} | ${r.non2xx} | ${r.errors} | ${statusSummary(r.statusCodes)} |`,
  ),
  '',
];
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/fleet.md'), lines.join('\n'));
console.log(lines.join('\n'));
