// The slowest-tests list of `npm test` (scripts/test-all.mjs): every test's duration read from the
// runners' JSON reports, and the lines that show the slowest ones. An end-to-end test that used
// more than half of its time-out is called out, so that it is made faster before it fails on a
// loaded machine (docs/decisions/0011-fast-deterministic-end-to-end-tests.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ runner: string, title: string, ms: number, timeoutMs?: number }} Timing */

/** Each test of a vitest JSON report (`--reporter=json`), under `runner`. @returns {Timing[]} */
export function vitestTimings(report, runner, root) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => typeof test.duration === 'number')
      .map((test) => ({ runner, title: `${path.relative(root, file.name)} › ${test.fullName}`, ms: test.duration })),
  );
}

/** Each try of each test of a Playwright JSON report: its title (file › describes › test), the test and the try. */
function playwrightTries(report, root) {
  const testDir = report.config?.rootDir ?? root;
  const walk = (suites, titles) =>
    suites.flatMap((suite) => {
      // A file's suite is titled with its path in the test folder; describe blocks add theirs.
      const inner =
        suite.title === suite.file ? [path.relative(root, path.join(testDir, suite.file))] : [...titles, suite.title];
      const own = (suite.specs ?? []).flatMap((spec) =>
        (spec.tests ?? []).flatMap((test) =>
          (test.results ?? []).map((result) => ({ title: [...inner, spec.title].join(' › '), test, result })),
        ),
      );
      return [...own, ...walk(suite.suites ?? [], inner)];
    });
  return walk(report.suites ?? [], []);
}

/** Each try of each test of a Playwright JSON report, with the test's time-out. @returns {Timing[]} */
export function playwrightTimings(report, root) {
  return playwrightTries(report, root).map(({ title, test, result }) => ({
    runner: 'playwright',
    title,
    ms: result.duration,
    timeoutMs: test.timeout,
  }));
}

/** Each failed test of a vitest JSON report, with the first lines of its error. */
export function vitestFailures(report, runner, root) {
  return (report.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [{ runner, title: where, error: file.message ?? '' }];
    return tests.map((test) => ({
      runner,
      title: `${where} › ${test.fullName}`,
      error: test.failureMessages?.[0] ?? '',
    }));
  });
}

/**
 * Each failed try of a Playwright JSON report: its error, how long it ran and the page as it was
 * when it failed (the accessibility snapshot Playwright keeps
 * as the try's error context). A failure seen once in CI must say why without a rerun.
 */
export function playwrightFailures(report, root) {
  const failed = playwrightTries(report, root)
    .filter(({ result }) => result.status !== 'passed' && result.status !== 'skipped')
    .map(({ title, result }) => ({
      runner: 'playwright',
      title: `${title} (${result.status} after ${seconds(result.duration ?? 0)})`,
      error: result.error?.message ?? result.errors?.[0]?.message ?? '',
      details: pageSnapshot(result),
    }));
  const global = (report.errors ?? []).map((error) => ({
    runner: 'playwright',
    title: 'outside any test',
    error: error.message ?? '',
  }));
  return [...failed, ...global];
}

/** The page snapshot of the try's error context, if Playwright wrote one. */
function pageSnapshot(result, lines = 30) {
  const context = (result.attachments ?? []).find((attachment) => attachment.name === 'error-context');
  let text = '';
  try {
    if (context?.path) text = readFileSync(context.path, 'utf8');
    else if (context?.body) text = Buffer.from(context.body, 'base64').toString('utf8');
  } catch {
    return [];
  }
  const snapshot = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
  if (!snapshot) return [];
  const all = snapshot.split('\n').filter((line) => line.trim() !== '');
  return [
    'the page when it failed:',
    ...all.slice(0, lines).map((line) => `  ${line}`),
    ...(all.length > lines ? [`  … ${all.length - lines} more lines`] : []),
  ];
}

// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;

/** A failure's error as the lines a person reads: colours stripped, blank lines dropped. */
const errorLines = (failure) =>
  String(failure.error)
    .replace(ansi, '')
    .split('\n')
    .filter((line) => line.trim() !== '');

/** The failed tests again, just above the summary, so that the end of a long log says what failed. */
export function failureList(failures, lines = 12) {
  if (failures.length === 0) return [];
  const out = ['', `=== failed tests (${failures.length}) ===`];
  for (const failure of failures) {
    out.push(`✘ [${failure.runner}] ${failure.title}`);
    for (const line of errorLines(failure).slice(0, lines)) out.push(`    ${line}`);
    for (const line of failure.details ?? []) out.push(`    ${line}`);
  }
  return out;
}

/**
 * One line per failed test, for the summary itself: a CI log is often read from its end only, and
 * the page snapshots of the list above can push the names of the failed tests out of that tail.
 */
export function failedTitles(failures) {
  return failures.map((failure) => {
    const firstLine = errorLines(failure)[0] ?? '';
    return `  ✘ [${failure.runner}] ${failure.title}${firstLine ? ` — ${firstLine.trim().slice(0, 160)}` : ''}`;
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The `count` slowest tests of each runner, then a warning for end-to-end tests past half their time-out. */
export function slowestTests(timings, count = 10) {
  const lines = [];
  for (const runner of new Set(timings.map((t) => t.runner))) {
    lines.push('', `=== slowest ${runner} tests ===`);
    const slowest = timings
      .filter((t) => t.runner === runner)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count);
    for (const t of slowest) {
      const share = t.timeoutMs
        ? ` (${Math.round((t.ms / t.timeoutMs) * 100)}% of its ${seconds(t.timeoutMs)} time-out)`
        : '';
      lines.push(`${seconds(t.ms).padStart(7)}  ${t.title}${share}`);
    }
  }
  const near = timings
    .filter((t) => t.timeoutMs && t.ms > t.timeoutMs / 2)
    .sort((a, b) => b.ms / b.timeoutMs - a.ms / a.timeoutMs);
  if (near.length > 0) {
    lines.push(
      '',
      `Warning: ${near.length} end-to-end test run(s) used more than half of their time-out; make them faster before they fail:`,
    );
    for (const t of near.slice(0, count)) lines.push(`  ${seconds(t.ms)} of ${seconds(t.timeoutMs)}  ${t.title}`);
    if (near.length > count) lines.push(`  … and ${near.length - count} more`);
  }
  return lines;
}
