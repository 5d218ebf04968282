// `npm run bench` (and `npm run bench -- --only=pages`): the app's pages against floors measured in
// the same run (README, Benchmarks). Lighthouse, mobile preset (its default config: simulated
// throttling), a fresh Chromium per run, on five targets, interleaved: in each round 1..N every
// target once, in a new random order, so that load from elsewhere on the machine falls on all
// targets alike.
//   - floor, client-rendered: a minimal React 19 sign-in form rendered into an empty root;
//   - floor, prerendered: the same form in the HTML (react-dom/server at build time), hydrated;
//     (both bench/floor/, built here with Vite and served by bench/floor/server.mjs with brotli and
//     the app's caching headers)
//   - the app's sign-in view, /signin/;
//   - the PIN view: /signin/ with the session a correct password leaves waiting for the PIN
//     (docs/decisions/0111-pin-codes.md), a new one per run;
//   - the reset-password view: /signin/reset-password?token=… with a link from forgot password
//     (docs/decisions/0130-recovery-tokens.md), read from the development mailbox, a new one per run.
// The page is whatever the server sends: client-rendered or server-rendered, the same measurement.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../e2e/chromium.mjs';
import { startFloorServer } from './floor/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Tries per target and round: a run spoiled from outside (the server or Chromium stopped by someone
 * else on the shared machine) is repeated; 3 also keeps within forgot password's 3 mails an hour.
 */
const MAX_ATTEMPTS = 3;

/** The goals every target is held to (README, Benchmarks). */
export const GOALS = { lcpRatio: 1.15, tbtMs: 150, performance: 95 };

export const TARGETS = [
  { id: 'floor-csr', title: 'floor: client-rendered', floor: true },
  { id: 'floor-prerendered', title: 'floor: prerendered + hydrated', floor: true },
  { id: 'signin', title: 'Gatehouse: sign-in `/signin/`' },
  { id: 'pin', title: 'Gatehouse: PIN `/signin/` (session waiting for the PIN)' },
  { id: 'reset', title: 'Gatehouse: reset password `/signin/reset-password?token=…`' },
];

const median = (values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function shuffled(list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Builds the floor pages into a temporary folder (minified, production React). */
function buildFloor() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-floor-'));
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '-c', 'bench/floor/vite.config.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', FLOOR_OUT_DIR: outDir, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    stdio: 'inherit',
  });
  return outDir;
}

/** `name=value` pairs of every Set-Cookie of an answer, as a Cookie header. */
function cookieHeader(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * A session as a user gets it from the password step: POST /api/user/login with the right password
 * from a browser without a trusted device answers `requested_pin_code` and sets the session cookie
 * of a session at level `password`; GET /api/user/pincode confirms that it waits for the PIN.
 */
/** The contract's PIN_STEP_COOKIE (this script runs without the TypeScript loader). */
const PIN_STEP_COOKIE = 'gh_pin_step';
async function pinPendingSession(origin, user) {
  const response = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  const answer = await response.json();
  if (response.status !== 200 || answer.status !== 'requested_pin_code') {
    throw new Error(
      `login for the PIN view answered ${response.status} ${JSON.stringify(answer)}, not requested_pin_code`,
    );
  }
  const cookie = cookieHeader(response);
  const check = await (await fetch(`${origin}/api/user/pincode`, { headers: { cookie } })).json();
  if (check.status !== 'ok') throw new Error(`the new session does not wait for a PIN: ${JSON.stringify(check)}`);
  // The app marks a tab at the PIN step with this cookie (docs/decisions/0117-server-rendered-first-view.md):
  // the reload of that tab is what is measured.
  return `${cookie}; ${PIN_STEP_COOKIE}=1`;
}

/** Tokens already used: every run gets a link issued for it. */
const seenTokens = new Set();
const RESET_LINK = /https?:\/\/[^\s"<]+\/signin\/reset-password\?[^\s"<]*\btoken=([A-Za-z0-9_-]{43})[^\s"<]*/;

/**
 * A live reset link: POST /api/user/forgotpassword, then the link of the mail that arrives in the
 * development mailbox (GET /dev/mailbox: the server runs without SMTP_URL, outside production).
 * The mail is sent after the answer (the outbox), so the mailbox is read until it is there.
 * `address`: sent as X-Forwarded-For (the server trusts loopback), so that the per-address limit
 * of forgot password never refuses a run.
 */
async function freshResetLink(origin, email, address) {
  const response = await fetch(`${origin}/api/user/forgotpassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
    body: JSON.stringify({ email }),
  });
  const answer = await response.json();
  if (response.status !== 200 || answer.status !== 'ok')
    throw new Error(`forgot password answered ${response.status} ${JSON.stringify(answer)}`);
  for (let i = 0; i < 300; i++) {
    const page = await (await fetch(`${origin}/dev/mailbox`)).text();
    for (const article of page.split('<article>').slice(1)) {
      if (!article.includes(`<strong>${email}</strong>`)) continue;
      const link = RESET_LINK.exec(article);
      if (link && !seenTokens.has(link[1])) {
        const info = await (await fetch(`${origin}/api/token/info?token=${link[1]}`)).json();
        if (info.status !== 'ok') throw new Error(`the mailed reset link is not live: ${JSON.stringify(info)}`);
        seenTokens.add(link[1]);
        // The link as mailed (the mailbox page escapes it as HTML).
        return link[0].replace(/&amp;/g, '&');
      }
      break; // newest first: only the latest mail to this address counts
    }
    await pause(100);
  }
  throw new Error(`no reset link reached the development mailbox for ${email} (is SMTP_URL set?)`);
}

/** What one Lighthouse run gives for the table. */
function extract(lhr) {
  const audit = (id) => lhr.audits[id];
  const value = (id) => (typeof audit(id)?.numericValue === 'number' ? audit(id).numericValue : null);
  const observed = audit('metrics')?.details?.items?.[0] ?? {};
  const summary = audit('resource-summary')?.details?.items ?? [];
  const requests = audit('network-requests')?.details?.items ?? [];
  const scriptBytes =
    summary.find((item) => item.resourceType === 'script')?.transferSize ??
    requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  // The LCP element and the phases of LCP (TTFB, load delay, load time, render delay).
  const lcpTables = audit('largest-contentful-paint-element')?.details?.items ?? [];
  const lcpNode = lcpTables[0]?.items?.[0]?.node;
  const phases = Object.fromEntries((lcpTables[1]?.items ?? []).map((item) => [item.phase, item.timing]));
  return {
    performance: lhr.categories.performance.score === null ? null : lhr.categories.performance.score * 100,
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    ttiMs: value('interactive'),
    maxPotentialFidMs: value('max-potential-fid'),
    // From the trace itself, unthrottled (what this machine showed, not the simulated phone).
    observedFcpMs: observed.observedFirstContentfulPaint ?? null,
    observedLcpMs: observed.observedLargestContentfulPaint ?? null,
    observedDomContentLoadedMs: observed.observedDomContentLoaded ?? null,
    scriptTransferBytes: scriptBytes,
    totalTransferBytes: summary.find((item) => item.resourceType === 'total')?.transferSize ?? null,
    requests: requests.length,
    lcpElement: lcpNode ? (lcpNode.nodeLabel ?? lcpNode.snippet ?? null) : null,
    lcpPhasesMs: phases,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings ?? [],
  };
}

async function lighthouseRun(chromePath, url, extraHeaders) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    if (!result) throw new Error('Lighthouse gave no result');
    if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    return extract(result.lhr);
  } finally {
    await chrome.kill();
  }
}

const METRICS = [
  'performance',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'speedIndexMs',
  'ttiMs',
  'maxPotentialFidMs',
  'observedFcpMs',
  'observedLcpMs',
  'observedDomContentLoadedMs',
  'scriptTransferBytes',
  'totalTransferBytes',
  'requests',
];

/** Medians per target (over the runs that measured), the LCP ratio to the prerendered floor and the goals. */
function summarize(runs, rounds) {
  const byTarget = {};
  for (const target of TARGETS) {
    const ok = runs.filter((run) => run.target === target.id && run.result);
    const failed = runs.filter((run) => run.target === target.id && run.error);
    const medians = Object.fromEntries(
      METRICS.map((key) => [key, median(ok.map((run) => run.result[key]).filter((v) => typeof v === 'number'))]),
    );
    // FCP = LCP is judged run by run: the gap's median.
    medians.lcpMinusFcpMs = median(ok.map((run) => run.result.lcpMs - run.result.fcpMs).filter(Number.isFinite));
    const elements = {};
    for (const run of ok)
      elements[run.result.lcpElement ?? '(none)'] = (elements[run.result.lcpElement ?? '(none)'] ?? 0) + 1;
    const phaseNames = [...new Set(ok.flatMap((run) => Object.keys(run.result.lcpPhasesMs)))];
    const lcpPhasesMs = Object.fromEntries(
      phaseNames.map((p) => [p, median(ok.map((run) => run.result.lcpPhasesMs[p]).filter(Number.isFinite))]),
    );
    byTarget[target.id] = {
      title: target.title,
      runs: ok.length,
      of: rounds,
      errors: failed.map((run) => run.error),
      failedAttempts: runs
        .filter((run) => run.target === target.id)
        .flatMap((run) => run.failedAttempts.map((message) => `round ${run.round}: ${message}`)),
      medians,
      lcpElements: elements,
      lcpPhasesMs,
    };
  }
  const floorLcp = byTarget['floor-prerendered'].medians.lcpMs;
  for (const target of TARGETS) {
    const entry = byTarget[target.id];
    const m = entry.medians;
    entry.lcpRatio = m.lcpMs !== null && floorLcp ? m.lcpMs / floorLcp : null;
    // The same ratio round by round (each target against the floor of its own round).
    const perRound = [];
    for (let round = 1; round <= rounds; round++) {
      const mine = runs.find((run) => run.round === round && run.target === target.id && run.result);
      const floor = runs.find((run) => run.round === round && run.target === 'floor-prerendered' && run.result);
      if (mine && floor) perRound.push(mine.result.lcpMs / floor.result.lcpMs);
    }
    entry.medianRoundLcpRatio = median(perRound);
    entry.goals =
      entry.runs === 0
        ? null
        : {
            lcpRatio: entry.lcpRatio === null ? null : entry.lcpRatio <= GOALS.lcpRatio,
            fcpEqualsLcp: m.lcpMinusFcpMs === null ? null : Math.abs(m.lcpMinusFcpMs) < 1,
            cls: m.cls === null ? null : Math.round(m.cls * 1000) === 0,
            tbt: m.tbtMs === null ? null : m.tbtMs <= GOALS.tbtMs,
            performance: m.performance === null ? null : Math.round(m.performance) >= GOALS.performance,
          };
  }
  return byTarget;
}

const mark = (met) => (met === null || met === undefined ? 'not measured' : met ? 'met' : '**not met**');
const ms = (v) => (v === null ? 'not measured' : `${Math.round(v).toLocaleString('en-US')} ms`);
const kib = (v) => (v === null ? 'not measured' : `${(v / 1024).toFixed(1)} KiB`);

/** Markdown lines: the goals table and the felt-latency table. */
export function pagesTable(summary, rounds) {
  const lines = [
    `Lighthouse, mobile preset (simulated throttling), fresh Chromium per run; ${rounds} interleaved round${rounds === 1 ? '' : 's'} (targets in random order each round), medians.`,
    `Goals: LCP ≤ ${GOALS.lcpRatio}× the prerendered floor's, FCP = LCP, CLS 0, TBT ≤ ${GOALS.tbtMs} ms, performance ≥ ${GOALS.performance}.`,
    '',
    '| target | runs | LCP | LCP / floor (≤ 1.15) | FCP (= LCP) | TBT (≤ 150 ms) | CLS (0) | performance (≥ 95) | JS transferred |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const target of TARGETS) {
    const s = summary[target.id];
    const m = s.medians;
    if (s.runs === 0) {
      lines.push(`| ${s.title} | 0/${s.of} | not measured: ${s.errors[0] ?? 'no run'} | | | | | | |`);
      continue;
    }
    const g = s.goals;
    lines.push(
      [
        '',
        s.title,
        `${s.runs}/${s.of}`,
        ms(m.lcpMs),
        s.lcpRatio === null
          ? 'not measured'
          : `${s.lcpRatio.toFixed(2)}× (per round ${s.medianRoundLcpRatio?.toFixed(2) ?? '?'}×) ${mark(g.lcpRatio)}`,
        `${ms(m.fcpMs)} (LCP − FCP ${ms(m.lcpMinusFcpMs)}) ${mark(g.fcpEqualsLcp)}`,
        `${ms(m.tbtMs)} ${mark(g.tbt)}`,
        `${m.cls === null ? 'not measured' : m.cls.toFixed(3)} ${mark(g.cls)}`,
        `${m.performance === null ? 'not measured' : Math.round(m.performance)} ${mark(g.performance)}`,
        kib(m.scriptTransferBytes),
        '',
      ]
        .join(' | ')
        .trim(),
    );
  }
  lines.push(
    '',
    'Felt latency: time to interactive and max potential first input delay (Lighthouse, simulated phone), and what the',
    'unthrottled trace of the same runs showed on this machine (FCP, LCP, DOMContentLoaded); the LCP element and its phases (simulated).',
    '',
    '| target | TTI | max potential FID | observed FCP | observed LCP | observed DCL | requests | LCP element | LCP phases |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const target of TARGETS) {
    const s = summary[target.id];
    if (s.runs === 0) continue;
    const m = s.medians;
    const elements = Object.entries(s.lcpElements)
      .map(([label, n]) => `${label.replace(/\|/g, '\\|').slice(0, 60)} (${n})`)
      .join('; ');
    const phases = Object.entries(s.lcpPhasesMs)
      .map(([phase, v]) => `${phase} ${ms(v)}`)
      .join(', ');
    lines.push(
      `| ${s.title} | ${ms(m.ttiMs)} | ${ms(m.maxPotentialFidMs)} | ${ms(m.observedFcpMs)} | ${ms(m.observedLcpMs)} | ${ms(m.observedDomContentLoadedMs)} | ${m.requests ?? 'not measured'} | ${elements || 'not measured'} | ${phases || 'not measured'} |`,
    );
  }
  const failures = TARGETS.flatMap((t) => summary[t.id].failedAttempts.map((e) => `- ${summary[t.id].title}, ${e}`));
  if (failures.length) {
    lines.push(
      '',
      `Attempts that measured nothing (each repeated, up to ${MAX_ATTEMPTS} per target and round; none is in the medians):`,
      '',
      ...failures,
    );
  }
  return lines;
}

/**
 * Runs the page benchmark against a running server (`origin`, built web app, development mailbox).
 * `user`: an account with no trusted device (the PIN view); `resetEmails`: one account per round
 * (forgot password sends at most 3 mails per address and hour). `ensureServer` waits until the server
 * answers, `serverRestarts` counts how often it was started again (a run it spans is repeated).
 * Returns { rounds, seconds, runs, summary, lines }.
 */
export async function runPageBench({
  origin,
  chromePath,
  user,
  resetEmails,
  rounds = Number(process.env.BENCH_ROUNDS ?? 5),
  ensureServer = async () => {},
  serverRestarts = () => 0,
  log = (line) => console.log(line),
}) {
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`BENCH_ROUNDS must be a whole number ≥ 1, not ${rounds}`);
  if (resetEmails.length < rounds)
    throw new Error(`runPageBench needs ${rounds} reset accounts, got ${resetEmails.length}`);
  const floorDir = buildFloor();
  const floor = await startFloorServer(floorDir);
  // The floor is addressed by the same host name as the app (both listen on 127.0.0.1).
  const floorOrigin = floor.origin.replace('127.0.0.1', new URL(origin).hostname);
  const runs = [];
  const started = Date.now();
  try {
    for (let round = 1; round <= rounds; round++) {
      const order = shuffled(TARGETS);
      log(`pages: round ${round}/${rounds}: ${order.map((t) => t.id).join(', ')}`);
      for (const target of order) {
        const run = { round, target: target.id, failedAttempts: [] };
        for (let attempt = 1; attempt <= MAX_ATTEMPTS && !run.result; attempt++) {
          const restartsBefore = serverRestarts();
          try {
            if (!target.floor) await ensureServer();
            let url;
            let extraHeaders;
            if (target.id === 'floor-csr') url = `${floorOrigin}/csr/`;
            else if (target.id === 'floor-prerendered') url = `${floorOrigin}/prerendered/`;
            else if (target.id === 'signin') url = `${origin}/signin/`;
            else if (target.id === 'pin') {
              url = `${origin}/signin/`;
              extraHeaders = { Cookie: await pinPendingSession(origin, user) };
            } else url = await freshResetLink(origin, resetEmails[round - 1], `198.19.255.${round % 256}`);
            const result = await lighthouseRun(chromePath, url, extraHeaders);
            if (!target.floor && serverRestarts() !== restartsBefore)
              throw new Error('the server was restarted during the run');
            run.result = result;
            log(
              `  ${target.id}: LCP ${Math.round(result.lcpMs)} ms, FCP ${Math.round(result.fcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, score ${result.performance}`,
            );
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            run.failedAttempts.push(message);
            log(`  ${target.id}: attempt ${attempt} measured nothing: ${message}`);
          }
        }
        if (!run.result) run.error = run.failedAttempts.at(-1);
        runs.push(run);
      }
    }
  } finally {
    await floor.close();
    rmSync(floorDir, { recursive: true, force: true });
  }
  const summary = summarize(runs, rounds);
  return {
    rounds,
    seconds: Math.round((Date.now() - started) / 1000),
    runs,
    summary,
    lines: pagesTable(summary, rounds),
  };
}
