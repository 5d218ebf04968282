// Does an answer tell a known address from an unknown one by its timing? For login (a wrong
// password for a real account vs an address nobody has) and forgot password (a real account vs
// nobody), requests are sent one at a time, known and unknown interleaved (in random order within
// each pair, so that neither always goes first), and the medians compared: known / unknown.
// Goal: within ±3 %. The server must run with TRUST_PROXY covering this client: each pair comes
// "from" its own address (X-Forwarded-For in 198.18.0.0/15, the benchmarking range), so that the
// per-address limits never refuse a sample, and each address is used at most 4 times per call,
// below the per-account limit.

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function forwardedFor(n) {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

async function timed(url, origin, body, n) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': forwardedFor(n) },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return ms;
}

/**
 * Interleaved samples of one call: `pairs` pairs (after `warmUp` discarded ones).
 * `bodyFor(kind, i)` gives the body; `settleMs` is waited after each request so that work the
 * server does after answering (the forgot-password mail) is not measured in the next one.
 */
async function compare({ origin, path, pairs, warmUp, bodyFor, settle, counter }) {
  const samples = { known: [], unknown: [] };
  for (let i = -warmUp; i < pairs; i++) {
    const order = Math.random() < 0.5 ? ['known', 'unknown'] : ['unknown', 'known'];
    const pair = {};
    for (const kind of order) {
      pair[kind] = await timed(`${origin}${path}`, origin, bodyFor(kind, i + warmUp), counter.next++);
      await settle();
    }
    if (i < 0) continue;
    // Kept in pair order: the per-pair ratio (back to back) cancels load that drifts over the run.
    samples.known.push(pair.known);
    samples.unknown.push(pair.unknown);
  }
  return summarize(samples.known, samples.unknown);
}

/** Medians, their ratio and the median of the per-pair ratios (samples in pair order). */
function summarize(known, unknown) {
  return {
    pairs: known.length,
    knownMedianMs: median(known),
    unknownMedianMs: median(unknown),
    ratio: median(known) / median(unknown),
    medianPairRatio: median(known.map((k, i) => k / unknown[i])),
    knownIqrMs: [quantile(known, 0.25), quantile(known, 0.75)],
    unknownIqrMs: [quantile(unknown, 0.25), quantile(unknown, 0.75)],
    samples: { known, unknown },
  };
}

/** Every round's samples together. */
export function pooled(rounds) {
  return summarize(
    rounds.flatMap((r) => r.samples.known),
    rounds.flatMap((r) => r.samples.unknown),
  );
}

/** Accounts `measureTiming` needs for these settings. */
export const accountsNeeded = ({ pairs = 200, warmUp = 20, rounds = 3 } = {}) =>
  rounds * Math.ceil((pairs + warmUp) / 4);

/**
 * Runs both comparisons `rounds` times. `accounts`: e-mails of active accounts (accountsNeeded()),
 * all with `password`. `afterAnswerDone()` resolves once the server has finished the work it does
 * after answering (the outbox is empty).
 */
export async function measureTiming({
  origin,
  accounts,
  password,
  pairs = 200,
  warmUp = 20,
  rounds = 3,
  afterAnswerDone = () => pause(25),
}) {
  const counter = { next: 0 };
  const results = { login: [], forgotPassword: [] };
  for (let round = 0; round < rounds; round++) {
    // Each round its own accounts and unknown addresses: a wrong password counts against the
    // account until a success, and the fifth failure in a row would be throttled (429).
    const slice = accounts.slice(
      Math.floor((round * accounts.length) / rounds),
      Math.floor(((round + 1) * accounts.length) / rounds),
    );
    if (Math.ceil((pairs + warmUp) / slice.length) > 4)
      throw new Error(
        `timing: ${slice.length} accounts per round are too few for ${pairs + warmUp} pairs (at most 4 uses each)`,
      );
    const unknown = (i) => `nobody-${round}-${i % slice.length}@example.test`;
    const known = (i) => slice[i % slice.length];
    results.login.push(
      await compare({
        origin,
        path: '/api/user/login',
        pairs,
        warmUp,
        settle: () => pause(2),
        counter,
        bodyFor: (kind, i) => ({ username: kind === 'known' ? known(i) : unknown(i), password: `${password}-wrong` }),
      }),
    );
    results.forgotPassword.push(
      await compare({
        origin,
        path: '/api/user/forgotpassword',
        pairs,
        warmUp,
        // The mail of a known address is made after the answer: let it finish before the next sample.
        settle: afterAnswerDone,
        counter,
        bodyFor: (kind, i) => ({ email: kind === 'known' ? known(i) : unknown(i) }),
      }),
    );
  }
  return results;
}

/** Markdown lines for the results. */
export function timingTable(results) {
  const pct = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
  const within = (ratio) => (Math.abs(ratio - 1) <= 0.03 ? 'yes' : 'NO');
  const row = (title, r, round) =>
    `| ${title} | ${typeof round === 'number' ? round + 1 : round} | ${r.pairs} | ${r.knownMedianMs.toFixed(2)} | ${r.unknownMedianMs.toFixed(2)} | ${r.ratio.toFixed(3)} (${pct(r.ratio)}) ${within(r.ratio)} | ${r.medianPairRatio.toFixed(3)} (${pct(r.medianPairRatio)}) ${within(r.medianPairRatio)} |`;
  return [
    '| known vs unknown address (interleaved) | round | pairs | known median ms | unknown median ms | ratio of medians, within ±3 %? | median of paired ratios, within ±3 %? |',
    '|---|---|---|---|---|---|---|',
    ...results.login.map((r, i) => row('POST /api/user/login (wrong password vs nobody)', r, i)),
    row('**POST /api/user/login, all rounds**', pooled(results.login), 'all'),
    ...results.forgotPassword.map((r, i) => row('POST /api/user/forgotpassword', r, i)),
    row('**POST /api/user/forgotpassword, all rounds**', pooled(results.forgotPassword), 'all'),
  ];
}
