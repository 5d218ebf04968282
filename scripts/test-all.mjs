#!/usr/bin/env node
// `npm test`: every check of the project, in order, and one closing line
// `N passed, N failed` that sums every suite (CI reads it).
//   1. static checks: typecheck (each workspace), lint, formatting (Prettier) and the docs' relative
//      links (scripts/check-docs-links.mjs), one check each;
//   2. the production build of the web app (the bundle budget and e2e use it);
//   3. unit and integration tests (vitest: contract, server, web) on SQLite, then the server
//      project again on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it; see
//      docs/decisions/0150-postgresql-and-crash-safety.md);
//   4. end-to-end tests (Playwright in the system's Chromium), with no retry: a test that passes
//      only on a second try is a failure (flaky counts as failed).
// Before the summary it lists the slowest tests of each runner, the end-to-end ones with the share
// of their time-out they used, so that a test creeping towards its time-out is seen before it
// fails (docs/decisions/0011-fast-deterministic-end-to-end-tests.md). Then it lists every failed
// test again with the first lines of its error, and names each failed test once more in the summary,
// so that even the last few lines of a long log say what failed.
// Set TEST_SKIP_E2E=1 to leave out step 4 locally (CI never does).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MISSING_CHROMIUM_HELP, findChromium } from '../e2e/chromium.mjs';
import {
  failedTitles,
  failureList,
  playwrightFailures,
  playwrightTimings,
  slowestTests,
  vitestFailures,
  vitestTimings,
} from './test-timings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'node_modules', '.cache', 'gatehouse-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** Every test that ran, for the slowest-tests list (scripts/test-timings.mjs). */
const timings = [];
/** Every failed test, listed again above the summary. */
const failures = [];

function step(title) {
  console.log(`\n=== ${title} ===`);
}

function exec(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  return result.status ?? 1;
}

function check(name, command, args) {
  step(name);
  const ok = exec(command, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  return ok;
}

const withE2e = process.env.TEST_SKIP_E2E !== '1';
const chromium = findChromium();
if (withE2e && !chromium) {
  console.error(MISSING_CHROMIUM_HELP);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

// 1. Static checks.
for (const project of ['packages/contract', 'apps/server', 'apps/web', 'e2e']) {
  check(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
}
check('lint', 'npx', ['eslint', '.']);
check('format (prettier --check; npm run format fixes it)', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
check('docs links', process.execPath, ['scripts/check-docs-links.mjs']);

// 2. Build (the bundle-budget test and the end-to-end tests need it).
const built = check('build web app', 'npm', ['run', 'build', '-w', '@gatehouse/web']);

// 3. Unit and integration tests: every project on SQLite, then the server on PostgreSQL.
/** Runs vitest with a JSON report and adds its counts to the totals under `label`. */
function vitest(label, file, args, env = {}) {
  const report = path.join(reports, file);
  const exit = exec(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { env },
  );
  if (!existsSync(report)) {
    totals.failed += 1;
    lines.push(`FAIL ${label}: no report (the runner crashed)`);
    return;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  timings.push(...vitestTimings(result, label, root));
  failures.push(...vitestFailures(result, label, root));
  // A file that failed without a failed test did not run (an import or set-up error). Vitest's
  // numFailedTestSuites is no file count: it also counts every describe block around a failed test.
  const filesNotRun = (result.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  // A run that exits non-zero with no failed test (an unhandled error, no test found) still fails.
  const unexplained = exit !== 0 && result.numFailedTests + filesNotRun === 0 ? 1 : 0;
  const empty = result.numTotalTests === 0 ? 1 : 0;
  const failed = result.numFailedTests + filesNotRun + Math.max(unexplained, empty);
  const skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  totals.passed += result.numPassedTests;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${failed ? 'FAIL' : 'ok  '} ${label}: ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${filesNotRun} files failed to run${skipped ? `, ${skipped} skipped` : ''}${unexplained || empty ? `, exit code ${exit}${empty ? ', no tests ran' : ''}` : ''}`,
  );
}

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
step('vitest (contract, server, web)');
// TEST_DATABASE_URL is left out here: this run is the SQLite one.
vitest('vitest', 'vitest.json', [], { TEST_DATABASE_URL: undefined });
if (postgresUrl) {
  step('vitest server on PostgreSQL (TEST_DATABASE_URL)');
  vitest('vitest server on PostgreSQL', 'vitest-postgres.json', ['--project', 'server'], {
    TEST_DATABASE_URL: postgresUrl,
  });
} else {
  console.log(
    '\nSkipping the server tests on PostgreSQL: TEST_DATABASE_URL is not set (.ci/run sets it; see docs/decisions/0150-postgresql-and-crash-safety.md).',
  );
  lines.push('skip vitest server on PostgreSQL (TEST_DATABASE_URL not set)');
}

// 4. End-to-end tests.
if (withE2e) {
  step(`playwright (${chromium})`);
  if (!built) {
    totals.failed += 1;
    lines.push('FAIL playwright: not run, the build failed');
  } else {
    const e2eReport = path.join(reports, 'playwright.json');
    // --retries=0 whatever the config says: a retry would hide a race.
    const e2eExit = exec('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--retries=0'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CHROME_PATH: chromium },
    });
    if (existsSync(e2eReport)) {
      const report = JSON.parse(readFileSync(e2eReport, 'utf8'));
      const { stats, errors } = report;
      timings.push(...playwrightTimings(report, root));
      failures.push(...playwrightFailures(report, root));
      const counted = stats.unexpected + stats.flaky + (errors?.length ?? 0);
      const failed = counted + (e2eExit !== 0 && counted === 0 ? 1 : 0) + (stats.expected === 0 ? 1 : 0);
      totals.passed += stats.expected;
      totals.failed += failed;
      totals.skipped += stats.skipped;
      lines.push(
        `${failed ? 'FAIL' : 'ok  '} playwright: ${stats.expected} passed, ${failed} failed, ${stats.skipped} skipped`,
      );
    } else {
      totals.failed += 1;
      lines.push('FAIL playwright: no report (the runner crashed)');
    }
  }
} else {
  lines.push('skip playwright (TEST_SKIP_E2E=1)');
}

for (const line of slowestTests(timings)) console.log(line);
for (const line of failureList(failures)) console.log(line);

console.log('\n=== summary ===');
for (const line of lines) console.log(line);
for (const line of failedTitles(failures)) console.log(line);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
