import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config/config.ts';
import { ORIGIN } from './test/test-app.ts';
import { createTestDatabase, type TestDatabase } from './test/test-database.ts';

// The draining shutdown of a real server process (docs/decisions/0170-health-and-draining.md): on
// SIGTERM it takes no new connection, finishes the request under way, closes the database pool and
// ends by itself; past SHUTDOWN_TIMEOUT_SECONDS it cuts what is left and exits 1. Every step waits
// on what the process says or does, never on a time.

interface Server {
  child: ChildProcess;
  port: number;
  /** Resolves with the first log line (pino JSON) that `match` accepts. */
  logLine(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-shutdown-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const running: ChildProcess[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(databases.splice(0).map((d) => d.drop()));
});

async function startProcess(env: Record<string, string> = {}): Promise<Server> {
  const database = await createTestDatabase(path.join(dir, `${databases.length}.sqlite`));
  databases.push(database);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: ORIGIN,
      DATABASE_URL: database.url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const seen: Record<string, unknown>[] = [];
  const waiters: {
    match: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      line = { msg: text };
    }
    seen.push(line);
    for (const waiter of waiters.splice(0)) {
      if (waiter.match(line)) waiter.resolve(line);
      else waiters.push(waiter);
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logLine = (match: (line: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = seen.find(match);
      if (found) return resolve(found);
      waiters.push({ match, resolve });
      void exited.then((code) =>
        reject(new Error(`the server exited (${code}) before the awaited log line; stderr: ${stderr}`)),
      );
    });
  const listening = await logLine(
    (l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening at http://127.0.0.1:'),
  );
  const port = Number(/:(\d+)$/.exec(listening.msg as string)?.[1]);
  return { child, port, logLine, exited };
}

const LOGIN_BODY = JSON.stringify({ username: 'nobody@example.test', password: 'Wrong-Password-1' });

/** A sign-in request whose body is only half sent: it is under way until `finish()`. */
async function halfSentLogin(server: Server) {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  const half = Math.floor(LOGIN_BODY.length / 2);
  socket.write(
    `POST /api/user/login HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\norigin: ${ORIGIN}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(LOGIN_BODY)}\r\n\r\n${LOGIN_BODY.slice(0, half)}`,
  );
  // The server has the request (its headers) once it logs it (at debug: at info a request has one line, when answered).
  await server.logLine(
    (l) => l.msg === 'incoming request' && (l.req as { url?: string } | undefined)?.url === '/api/user/login',
  );
  return { finish: () => socket.write(LOGIN_BODY.slice(half)), response: ended };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('SIGTERM: a draining shutdown of a server process', () => {
  it('refuses new connections, finishes the request under way with its real answer, closes the pool and ends by itself (exit 0)', async () => {
    const server = await startProcess();
    // Without SMTP_URL the start-up says that the development mailbox is this process's own.
    await server.logLine(
      (l) =>
        typeof l.msg === 'string' &&
        l.msg.startsWith('Mail: no SMTP_URL, so mails go to the development mailbox of this process'),
    );
    expect(await (await fetch(`http://127.0.0.1:${server.port}/readyz`)).json()).toEqual({ status: 'ready' });
    const inFlight = await halfSentLogin(server);

    server.child.kill('SIGTERM');
    await server.logLine((l) => l.event === 'shutdown' && l.signal === 'SIGTERM');
    // The listening socket closes: a load balancer's new connection is refused and goes to another process.
    await expect.poll(() => connects(server.port), { timeout: 15_000 }).toBe(false);

    inFlight.finish();
    // The whole answer arrives, then the server closes the connection (`response` resolves on close).
    const response = await inFlight.response;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(response).toContain('{"status":"failed","reasons":["invalid_credentials"]}');

    // exitCode 0 without process.exit(): the pool and every other handle are closed, or it would not end.
    expect(await server.exited).toBe(0);
    await server.logLine((l) => l.event === 'shutdown' && l.msg === 'closed: requests finished, database closed');
  }, 90_000);

  it('cuts a request still running at SHUTDOWN_TIMEOUT_SECONDS and exits 1, saying so', async () => {
    const server = await startProcess({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const stuck = await halfSentLogin(server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    await server.logLine(
      (l) => l.event === 'shutdown' && l.msg === 'requests still running at the shutdown time-out were cut',
    );
    // The client sees its connection closed, without an answer.
    expect(await stuck.response).toBe('');
  }, 90_000);
});
