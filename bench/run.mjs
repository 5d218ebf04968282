#!/usr/bin/env node
// `npm run bench`: measures what the tests only bound.
//   1. the first view's JavaScript and CSS, brotli and gzip (from the build manifest);
//   2. Lighthouse (mobile preset) on the sign-in, PIN and reset-password views against two floor pages,
//      interleaved rounds, medians (bench/pages.mjs);
//   3. the server's hot paths and a login overload against floors of the same run (bench/server.mjs);
//   4. timing of known vs unknown addresses (login, forgot password): ratio of medians (bench/timing.mjs);
//   5. a login's PIN mail over SMTP, a connection per mail against connections kept open (bench/mail.mjs).
// Everything runs against a server started here on a throw-away SQLite database.
// Results: bench/results/latest.md (a table) and latest.json; each part measured also writes its own
// file (pages.md, server.md, timing.md, mail.md, with their .json), so that none lags behind latest.md.
// `npm run bench -- --only=timing` runs step 4 alone (results: bench/results/timing.md and timing.json).
// `npm run bench -- --only=pages` runs step 2 alone (results: bench/results/pages.md and pages.json);
// BENCH_ROUNDS sets its rounds (5).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import Database from 'better-sqlite3';
import { MISSING_CHROMIUM_HELP, findChromium } from '../e2e/chromium.mjs';
import { runPageBench } from './pages.mjs';
import { accountsNeeded, measureTiming, timingTable } from './timing.mjs';
import { measureServer, writeServerResults } from './server.mjs';
import { measureMail, writeMailResults } from './mail.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 8281);
const ORIGIN = `http://localhost:${PORT}`;
const results = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length };
const timingOnly = process.argv.includes('--only=timing');
const pagesOnly = process.argv.includes('--only=pages');
const pageRounds = Number(process.env.BENCH_ROUNDS ?? 5);
// `--only=fleet`: PostgreSQL with one and two processes (bench/fleet.mjs) and nothing else.
if (process.argv.includes('--only=fleet')) {
  await import('./fleet.mjs');
  process.exit(0);
}
// `--only=mail`: a sign-in's PIN mail over SMTP, a connection per mail against connections kept open (bench/mail.mjs).
if (process.argv.includes('--only=mail')) {
  console.log(writeMailResults(await measureMail()).join('\n'));
  process.exit(0);
}
// `--only=server`: the server's hot paths and overload against floors of the same run (bench/server.mjs).
if (process.argv.includes('--only=server')) {
  console.log(writeServerResults(await measureServer()).join('\n'));
  process.exit(0);
}

// 1. Bundle.
if (!timingOnly) execFileSync('npm', ['run', 'build', '-w', '@gatehouse/web'], { cwd: root, stdio: 'inherit' });
if (!timingOnly && !pagesOnly) {
  const dist = path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  const seen = new Set();
  const files = { js: [], css: [] };
  const walk = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.js.push(chunk.file);
    for (const css of chunk.css ?? []) files.css.push(css);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(entryKey);
  // The boot script's one dynamic import is the app, fetched right after the first paint.
  for (const key of manifest[entryKey].dynamicImports ?? []) walk(key);
  const sizeOf = (list) =>
    list.reduce(
      (sum, file) => {
        const bytes = readFileSync(path.join(dist, file));
        sum.raw += bytes.length;
        sum.gzip += gzipSync(bytes, { level: 9 }).length;
        sum.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        return sum;
      },
      { raw: 0, gzip: 0, brotli: 0 },
    );
  results.bundle = { js: sizeOf(files.js), css: sizeOf([...new Set(files.css)]), files };
}

// 2 and 3 need the server.
const data = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-'));
// TRUST_PROXY: the timing step sends each sample "from" its own address (X-Forwarded-For), as a load balancer would.
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_ORIGIN: ORIGIN,
  DATABASE_URL: path.join(data, 'bench.sqlite'),
  LOG_LEVEL: 'error',
  TRUST_PROXY: 'loopback',
  // autocannon keeps using a connection after the server's `Connection: close` (sent at 100
  // requests by default), and Node answers every later request on it with 503: one connection
  // carries the whole run instead, as a load balancer's pooled connection would be renewed.
  HTTP_MAX_REQUESTS_PER_CONNECTION: '100000',
};
// The machine is shared: a server stopped from outside during the run (a `pkill -f` meant for
// another checkout's server matches this one too) is started again on the same database, at most
// MAX_RESTARTS times, and noted in the results; the page benchmark repeats a run it spoiled.
const MAX_RESTARTS = 5;
const serverExits = [];
let server;
let stopping = false;
function startAppServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  server.on('exit', (code, signal) => {
    if (stopping) return;
    serverExits.push({ at: new Date().toISOString(), code, signal });
    console.error(`bench: the server exited during the run (${signal ?? `code ${code}`})`);
    // 78: it refused to start (docs/deploy.md); starting it again would only fail again.
    if (code !== 78 && serverExits.length <= MAX_RESTARTS) startAppServer();
  });
}
startAppServer();
const stop = () => {
  stopping = true;
  server.kill('SIGTERM');
};
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/server/info`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

let serverRun = null;
try {
  await waitForServer();
  const email = 'bench@example.test';
  const password = 'Bench-Password-1';
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'user', 'create', '--email', email, '--password', password],
    { cwd: root, env, stdio: 'inherit' },
  );

  // 4 first (a quiet server): timing of known vs unknown addresses.
  if (!pagesOnly) {
    const timingSettings = { pairs: 200, warmUp: 20, rounds: 3 };
    const count = accountsNeeded(timingSettings);
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/seed-accounts.ts', String(count), password], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    // The throw-away database is read directly for one thing: whether the outbox is empty yet.
    const watcher = new Database(env.DATABASE_URL, { readonly: true });
    const outboxEmpty = async () => {
      for (let i = 0; i < 400 && watcher.prepare('select count(*) as n from outbox').get().n > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 5));
    };
    try {
      results.timing = await measureTiming({
        origin: ORIGIN,
        accounts: Array.from({ length: count }, (_, i) => `bench-${i}@example.test`),
        password,
        afterAnswerDone: outboxEmpty,
        ...timingSettings,
      });
    } finally {
      watcher.close();
    }
  }

  if (!timingOnly) {
    const chromePath = findChromium();
    if (!chromePath) throw new Error(MISSING_CHROMIUM_HELP);
    // 2. Pages against floors. One account per round for the reset-password view (forgot password
    // mails an address at most 3 times an hour); the bench user, who trusts no device, for the PIN view.
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'bench/seed-accounts.ts', String(pageRounds), password, 'bench-reset'],
      {
        cwd: root,
        env,
        stdio: 'inherit',
      },
    );
    results.pages = await runPageBench({
      origin: ORIGIN,
      chromePath,
      rounds: pageRounds,
      user: { email, password },
      resetEmails: Array.from({ length: pageRounds }, (_, i) => `bench-reset-${i}@example.test`),
      ensureServer: waitForServer,
      serverRestarts: () => serverExits.length,
    });
  }

  if (!timingOnly && !pagesOnly) {
    // 3. The server's hot paths and overload against floors of the same run, on a server of its own (bench/server.mjs).
    serverRun = await measureServer({ port: PORT + 100 });
    results.server = serverRun.results;
    // 5. The PIN mail over SMTP, on two servers of its own (bench/mail.mjs).
    results.mail = await measureMail({ port: PORT + 200 });
  }
} finally {
  stop();
  rmSync(data, { recursive: true, force: true });
}
results.serverExits = serverExits;

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
// The pages' own file follows every run that measured them, the full run's too: pages.md never
// lags behind latest.md.
if (results.pages) {
  const pageLines = [
    `# Pages against floors ${results.date}`,
    '',
    `Node ${results.node}, ${results.cpus} cores; ${results.pages.runs.length} Lighthouse runs in ${results.pages.seconds} s.`,
    ...serverNote(),
    '',
    ...results.pages.lines,
    '',
  ];
  writeFileSync(path.join(root, 'bench/results/pages.md'), pageLines.join('\n'));
  writeFileSync(path.join(root, 'bench/results/pages.json'), JSON.stringify(results, null, 2));
  if (pagesOnly) {
    console.log(pageLines.join('\n'));
    process.exit(0);
  }
}
function serverNote() {
  if (serverExits.length === 0) return [];
  const how = serverExits.map((e) => e.signal ?? `code ${e.code}`).join(', ');
  return [
    `The server was stopped from outside ${serverExits.length} time(s) during the run (${how}) and started again.`,
  ];
}
const timingLines = [
  `# Timing of known vs unknown addresses ${results.date}`,
  '',
  `Node ${results.node}, ${results.cpus} cores, SQLite. Medians over interleaved samples (random order within each pair); goal: known/unknown within ±3 %.`,
  '',
  ...timingTable(results.timing),
  '',
];
writeFileSync(path.join(root, 'bench/results/timing.md'), timingLines.join('\n'));
writeFileSync(
  path.join(root, 'bench/results/timing.json'),
  JSON.stringify({ date: results.date, node: results.node, cpus: results.cpus, timing: results.timing }, null, 2),
);
if (timingOnly) {
  console.log(timingLines.join('\n'));
  process.exit(0);
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const lines = [
  `# Benchmark ${results.date}`,
  '',
  `Node ${results.node}, ${results.cpus} cores.`,
  ...serverNote(),
  '',
  '| first view (sign-in route) | raw | gzip | brotli |',
  '|---|---|---|---|',
  `| JavaScript | ${kib(results.bundle.js.raw)} | ${kib(results.bundle.js.gzip)} | ${kib(results.bundle.js.brotli)} |`,
  `| CSS | ${kib(results.bundle.css.raw)} | ${kib(results.bundle.css.gzip)} | ${kib(results.bundle.css.brotli)} |`,
  '',
  `Pages against floors (${results.pages.runs.length} Lighthouse runs in ${results.pages.seconds} s):`,
  '',
  ...results.pages.lines,
  '',
  ...(serverRun ? writeServerResults(serverRun) : []),
  ...timingTable(results.timing),
  '',
  ...(results.mail ? [...writeMailResults(results.mail), ''] : []),
];
writeFileSync(path.join(root, 'bench/results/latest.md'), lines.join('\n'));
writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
console.log(lines.join('\n'));
process.exit(0);
