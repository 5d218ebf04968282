// `npm run bench -- --only=mail`: what a sign-in's PIN mail costs, with a connection to the mail
// server per mail (as before) and with the connections kept open (the mailer's pool; docs/decisions/0110-mail.md,
// "Connections"). Two server processes on one throw-away SQLite database send their mail to one local
// SMTP server that offers STARTTLS with a self-signed certificate (made with openssl; plain SMTP if
// openssl is missing): `?pool=false` in one SMTP_URL, the default in the other. In alternating rounds:
//   - one person signing in again and again (the next login when the last is answered): a login's
//     time as the client sees it (median) and the server process's CPU time per login (Linux's /proc);
//   - 4 clients at once: logins per second and CPU time per login.
// The local SMTP server (smtp-server) waits 100 ms before its greeting, to catch clients that talk
// too soon: a new connection pays that here, as it pays the mail server's own greeting and a few
// network round trips elsewhere. Results: bench/results/mail.md and mail.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { cpuMicros, createUser, median, startNode } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EMAIL = 'bench-mail@example.test';
const PASSWORD = 'Bench-Password-1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = 3;

/** A self-signed certificate for 127.0.0.1, or null without openssl. */
function selfSignedCertificate(dir) {
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } catch {
    return null;
  }
}

/** Logins by `clients` clients for `seconds`, each sending the next when the last is answered. */
async function logins(target, origin, clients, seconds, pid) {
  const times = [];
  let failed = 0;
  let lastFailure = '';
  const cpuBefore = cpuMicros(pid);
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        const response = await fetch(`${target}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
        });
        const answer = await response.json();
        if (response.status === 200 && answer.status === 'requested_pin_code') times.push(performance.now() - sent);
        else {
          failed += 1;
          lastFailure = `${response.status} ${JSON.stringify(answer)}`;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = cpuMicros(pid);
  if (failed > 0) throw new Error(`${failed} logins were not answered requested_pin_code (last: ${lastFailure})`);
  return {
    perSecond: times.length / elapsed,
    medianMs: median(times),
    cpuMsPerLogin: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / 1000 / times.length,
  };
}

export async function measureMail({ port = Number(process.env.BENCH_PORT ?? 8481) } = {}) {
  const data = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-mail-'));
  const certificate = selfSignedCertificate(data);
  let connections = 0;
  let mails = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    ...(certificate ?? { disabledCommands: ['STARTTLS'] }),
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        mails += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}/?tls.rejectUnauthorized=false`;
  const databaseFile = path.join(data, 'bench.sqlite');
  const variants = [
    { name: 'a connection per mail', query: '&pool=false', port },
    { name: 'connections kept open', query: '', port: port + 1 },
  ];
  const processes = [];
  try {
    for (const variant of variants) {
      const origin = `http://localhost:${variant.port}`;
      const server = startNode(
        ['--import', 'tsx', 'apps/server/src/server.ts'],
        {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(variant.port),
          HOST: '127.0.0.1',
          PUBLIC_ORIGIN: origin,
          DATABASE_URL: databaseFile,
          LOG_LEVEL: 'error',
          SMTP_URL: smtpUrl + variant.query,
          HTTP_MAX_REQUESTS_PER_CONNECTION: '100000',
        },
        'Gatehouse is running at',
      );
      processes.push(server);
      await server.ready;
      Object.assign(variant, { origin, target: `http://127.0.0.1:${variant.port}`, pid: server.pid, rounds: [] });
      if (variant === variants[0])
        createUser({ ...process.env, DATABASE_URL: databaseFile, PUBLIC_ORIGIN: origin }, EMAIL, PASSWORD);
    }
    for (const variant of variants) await logins(variant.target, variant.origin, 2, 1, variant.pid); // warm-up
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) {
        const connectionsBefore = connections;
        const one = await logins(variant.target, variant.origin, 1, SECONDS, variant.pid);
        const four = await logins(variant.target, variant.origin, 4, SECONDS, variant.pid);
        variant.rounds.push({ one, four, connections: connections - connectionsBefore });
        console.log(
          `mail round ${round + 1}, ${variant.name}: one person ${one.medianMs.toFixed(1)} ms a login, ` +
            `${one.cpuMsPerLogin?.toFixed(2)} ms CPU; 4 at once ${four.perSecond.toFixed(1)}/s, ${four.cpuMsPerLogin?.toFixed(2)} ms CPU; ` +
            `${variant.rounds.at(-1).connections} SMTP connections`,
        );
      }
    }
  } finally {
    for (const server of processes) await server.stop();
    await new Promise((resolve) => smtp.close(resolve));
    rmSync(data, { recursive: true, force: true });
  }
  const summary = (variant) => ({
    name: variant.name,
    oneMedianMs: median(variant.rounds.map((r) => r.one.medianMs)),
    oneCpuMs: median(variant.rounds.map((r) => r.one.cpuMsPerLogin ?? NaN)),
    fourPerSecond: median(variant.rounds.map((r) => r.four.perSecond)),
    fourCpuMs: median(variant.rounds.map((r) => r.four.cpuMsPerLogin ?? NaN)),
    connections: variant.rounds.reduce((sum, r) => sum + r.connections, 0),
    logins: variant.rounds.reduce((sum, r) => sum + r.one.perSecond * SECONDS + r.four.perSecond * SECONDS, 0),
  });
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    tls: certificate !== null,
    rounds: ROUNDS,
    mails,
    variants: variants.map(summary),
  };
}

export function mailTable(result) {
  const [perMail, pooled] = result.variants;
  const row = (label, key, digits) =>
    `| ${label} | ${perMail[key].toFixed(digits)} | ${pooled[key].toFixed(digits)} | ${(pooled[key] / perMail[key]).toFixed(2)} |`;
  return [
    `## A sign-in's PIN mail over SMTP (${result.date.slice(0, 10)}, Node ${result.node}, ${result.cpus} CPUs)`,
    '',
    `Local SMTP server ${result.tls ? 'offering STARTTLS (self-signed)' : 'without TLS (no openssl)'}, greeting after 100 ms; medians of ${result.rounds} alternating rounds of ${SECONDS} s.`,
    '',
    `| per login | ${perMail.name} | ${pooled.name} | kept open / per mail |`,
    '|---|---:|---:|---:|',
    row('one person: a login answered in (ms)', 'oneMedianMs', 1),
    row('one person: server CPU per login (ms)', 'oneCpuMs', 2),
    row('4 at once: logins per second', 'fourPerSecond', 1),
    row('4 at once: server CPU per login (ms)', 'fourCpuMs', 2),
    `| SMTP connections opened / logins | ${perMail.connections} / ${Math.round(perMail.logins)} | ${pooled.connections} / ${Math.round(pooled.logins)} | |`,
  ];
}

export function writeMailResults(result) {
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const lines = mailTable(result);
  writeFileSync(path.join(dir, 'mail.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(dir, 'mail.md'), `${lines.join('\n')}\n`);
  return lines;
}
