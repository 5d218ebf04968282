// Two server processes on one PostgreSQL database behind a round-robin proxy, as in production
// behind a load balancer (docs/deploy.md): the proxy alternates per request, with no stickiness,
// and appends the client's address to X-Forwarded-For; the servers trust it (TRUST_PROXY). The
// proxy records which process answered each request, so a test can say which one did what.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, Agent, type Server } from 'node:http';
import { createInterface } from 'node:readline';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/test/test-database.ts';
import { E2E_SMTP_PORT, FLEET_BASE_URL, FLEET_PROXY_PORT, FLEET_SERVER_PORTS, REPO_ROOT } from './env.ts';

export interface Served {
  method: string;
  path: string;
  /** 0 or 1: the process that answered. */
  backend: number;
  status: number;
}

export interface Fleet {
  readonly databaseUrl: string;
  /** Every request the proxy passed on, in order. */
  readonly served: Served[];
  /** The process the next request goes to. */
  next(): number;
  /** Makes `backend` answer the next request (the rotation skips a turn when needed; it stays per request). */
  nextTo(backend: number): Promise<void>;
  /**
   * Makes `backend` answer the next `method path` request, whatever other requests (a page's scripts,
   * its idle preloads) go through the proxy meanwhile; the rotation goes on for those.
   */
  sendNextTo(method: string, path: string, backend: number): void;
  stop(): Promise<void>;
}

/** The proxy closes an upstream connection idle this long; the servers keep theirs open longer. */
const PROXY_IDLE_TIMEOUT_MS = 10_000;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'transfer-encoding',
]);

interface Pin {
  method: string;
  path: string;
  backend: number;
}

function startRoundRobinProxy(served: Served[]): {
  server: Server;
  next: () => number;
  advance: () => void;
  pins: Pin[];
} {
  let turn = 0;
  const pins: Pin[] = [];
  // As docs/deploy.md asks of a load balancer: an idle upstream connection is closed by the proxy
  // (after 10 s) before the server would close it (its keep-alive time-out, set to 60 s below), so
  // the proxy never sends a request down a connection the server is closing (ECONNRESET → 502).
  const agents = FLEET_SERVER_PORTS.map(() => new Agent({ keepAlive: true, timeout: PROXY_IDLE_TIMEOUT_MS }));
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const pinned = pins.findIndex((pin) => pin.method === request.method && pin.path === path);
    let backend: number;
    if (pinned >= 0) {
      backend = pins[pinned]?.backend ?? 0;
      pins.splice(pinned, 1);
    } else {
      backend = turn;
      turn = (turn + 1) % FLEET_SERVER_PORTS.length;
    }
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: FLEET_SERVER_PORTS[backend],
        method: request.method,
        path: request.url,
        agent: agents[backend],
        headers: { ...headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        served.push({
          method: request.method ?? '',
          path: (request.url ?? '').split('?')[0] ?? '',
          backend,
          status: answer.statusCode ?? 0,
        });
        const answerHeaders = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
        );
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`fleet proxy: ${error.message}\n`);
    });
    request.pipe(upstream);
  });
  server.on('close', () => agents.forEach((agent) => agent.destroy()));
  return { server, next: () => turn, advance: () => (turn = (turn + 1) % FLEET_SERVER_PORTS.length), pins };
}

function startProcess(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: FLEET_BASE_URL,
      DATABASE_URL: databaseUrl,
      // Migrated once before (npm run migrate), as docs/deploy.md has a fleet do it.
      MIGRATE_AT_START: 'false',
      TRUST_PROXY: '127.0.0.1',
      // Above the proxy's idle time-out (PROXY_IDLE_TIMEOUT_MS).
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '60',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"msg":"Server listening at')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`server on ${port} exited (${code}) before listening: ${stderr}`)));
  });
}

function migrate(databaseUrl: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/migrate.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrate exited ${code}: ${stderr}`)))),
  );
}

/** Needs TEST_DATABASE_URL (a database of its own is created there and dropped by `stop()`). */
export async function startFleet(): Promise<Fleet> {
  const database: TestDatabase = await createTestDatabase();
  if (database.kind !== 'postgres') throw new Error('the fleet runs on PostgreSQL: set TEST_DATABASE_URL');
  const served: Served[] = [];
  const children: ChildProcess[] = [];
  const proxy = startRoundRobinProxy(served);
  const stop = async () => {
    await new Promise((resolve) => proxy.server.close(resolve));
    await Promise.all(
      children.map((child) => {
        if (child.exitCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
    );
    await database.drop();
  };
  try {
    await migrate(database.url);
    children.push(...(await Promise.all(FLEET_SERVER_PORTS.map((port) => startProcess(port, database.url)))));
    await new Promise<void>((resolve, reject) =>
      proxy.server.listen(FLEET_PROXY_PORT, '127.0.0.1', resolve).once('error', reject),
    );
  } catch (error) {
    children.forEach((child) => child.kill('SIGKILL'));
    await database.drop();
    throw error;
  }
  return {
    databaseUrl: database.url,
    served,
    next: proxy.next,
    async nextTo(backend) {
      if (proxy.next() !== backend) proxy.advance();
    },
    sendNextTo(method, path, backend) {
      proxy.pins.push({ method, path, backend });
    },
    stop,
  };
}
