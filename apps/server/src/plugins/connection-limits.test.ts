import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Headers 1 s, whole request 2 s, idle keep-alive 1 s, 3 requests per connection: short, so that the test is quick. */
const ENV = {
  HTTP_HEADERS_TIMEOUT_SECONDS: '1',
  HTTP_REQUEST_TIMEOUT_SECONDS: '2',
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
  HTTP_MAX_REQUESTS_PER_CONNECTION: '3',
};
/** What the server may take beyond a bound: its connection check runs every second, and the machine is shared. */
const SLACK_MS = 3_000;

interface Slow {
  socket: net.Socket;
  opened: number;
  /** Milliseconds from opening to the server closing it; undefined while open. */
  closedAfter?: number;
  received: string;
}

async function listening(): Promise<number> {
  t = await createTestApp({ env: ENV });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as net.AddressInfo).port;
}

function open(port: number, first: string): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const slow: Slow = { socket, opened: Date.now(), received: '' };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (slow.received += chunk));
    socket.on('close', () => (slow.closedAfter = Date.now() - slow.opened));
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(first);
      resolve(slow);
    });
    socket.once('error', reject);
  });
}

async function waitUntilClosed(connections: Slow[], deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (connections.some((c) => c.closedAfter === undefined) && Date.now() < until)
    await new Promise((r) => setTimeout(r, 100));
}

describe('slow clients cannot hold connections (real sockets)', () => {
  it('closes 25 connections trickling headers and 25 stalled bodies within their bounds, while other users are served', async () => {
    const port = await listening();
    const trickling = await Promise.all(
      Array.from({ length: 25 }, () => open(port, 'GET /api/server/info HTTP/1.1\r\nHost: localhost\r\n')),
    );
    // A body announced as 10 bytes, 5 sent, then nothing.
    const stalled = await Promise.all(
      Array.from({ length: 25 }, () =>
        open(
          port,
          'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nOrigin: http://localhost:8080\r\nContent-Length: 10\r\n\r\n{"use',
        ),
      ),
    );
    // One more header line every 200 ms, for as long as the server lets the connection live.
    const drip = setInterval(() => {
      for (const c of trickling) if (c.closedAfter === undefined) c.socket.write(`X-Drip-${Date.now()}: 1\r\n`);
    }, 200);
    try {
      // Another user meanwhile: every call answered.
      const served: number[] = [];
      for (let i = 0; i < 20; i++) served.push((await fetch(`http://127.0.0.1:${port}/api/server/info`)).status);
      expect(served).toEqual(Array.from({ length: 20 }, () => 200));

      await waitUntilClosed([...trickling, ...stalled], 2_000 + SLACK_MS + 2_000);
      for (const c of trickling) {
        expect(c.closedAfter, 'a connection trickling headers stayed open').toBeDefined();
        expect(c.closedAfter).toBeLessThanOrEqual(1_000 + SLACK_MS);
        expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
      }
      for (const c of stalled) {
        expect(c.closedAfter, 'a connection with a stalled body stayed open').toBeDefined();
        expect(c.closedAfter).toBeLessThanOrEqual(2_000 + SLACK_MS);
        expect(c.closedAfter).toBeGreaterThanOrEqual(1_000);
        expect(c.received).toMatch(/^HTTP\/1\.1 408 /);
      }
      // Nothing was read as a login: no session, no throttle count.
      expect(await t!.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
      expect(await t!.db.selectFrom('throttle').selectAll().execute()).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${port}/api/server/info`)).status).toBe(200);
    } finally {
      clearInterval(drip);
      for (const c of [...trickling, ...stalled]) c.socket.destroy();
    }
  }, 30_000);

  it('closes a connection that opens and sends nothing within the headers bound', async () => {
    const port = await listening();
    const silent = await Promise.all(Array.from({ length: 10 }, () => open(port, '')));
    await waitUntilClosed(silent, 1_000 + SLACK_MS + 2_000);
    for (const c of silent) {
      expect(c.closedAfter).toBeDefined();
      expect(c.closedAfter).toBeLessThanOrEqual(1_000 + SLACK_MS);
    }
  }, 20_000);

  it('closes an idle kept-alive connection after the keep-alive time-out and ends one after 3 requests', async () => {
    const port = await listening();
    const request = 'GET /api/server/version HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const idle = await open(port, request);
    await waitUntilClosed([idle], 1_000 + SLACK_MS + 2_000);
    expect(idle.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(idle.closedAfter).toBeDefined();
    expect(idle.closedAfter).toBeLessThanOrEqual(1_000 + SLACK_MS);

    const busy = await open(port, request.repeat(5));
    await waitUntilClosed([busy], 1_000 + SLACK_MS);
    const answers = busy.received.match(/HTTP\/1\.1 200 /g) ?? [];
    expect(answers).toHaveLength(3);
    expect(busy.received).toMatch(/connection: close/i);
  }, 20_000);
});
