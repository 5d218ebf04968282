// Each test is its own client: the server sees every test's requests come from an address of its
// own, as different people's do. Without it every test came from 127.0.0.1 and shared the
// server's per-address throttles (forgot password: 20 requests per address in 15 minutes), so
// the suite failed as it grew or was repeated, whatever each test did.
//
// How: a small forwarding HTTP proxy in each Playwright worker. A test's browser context (and its
// `page.request`) uses it as its proxy, and it opens every connection to the servers from the
// loopback address the test was given (any 127.x.y.z is this machine). Requests and answers pass
// through unchanged; Playwright's own requests (`page.request`) come as CONNECT tunnels.
import {
  createServer,
  request as httpRequest,
  Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** Headers for one connection only (RFC 9110, 7.6.1), which a proxy does not pass on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
]);

function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

function forwardedRawHeaders(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}

export interface ClientAddressProxy {
  /** The proxy for a browser context: `{ server: 'http://127.0.0.1:PORT' }`. */
  readonly server: string;
  /** From now on, connections to the servers come from `address` (a loopback address); open ones are closed. */
  useAddress(address: string): void;
  close(): Promise<void>;
}

export async function startClientAddressProxy(port: number): Promise<ClientAddressProxy> {
  let address = '127.0.0.1';
  // A new connection to the server for each request: a kept-alive one that has been idle as long
  // as the server's keep-alive time-out (a person typing, a mail awaited) can be closed by the
  // server just as a request is written to it, and the browser then got a 502 for a script.
  const upstreamAgent = (localAddress: string) => new Agent({ keepAlive: false, localAddress });
  let agent = upstreamAgent(address);
  // Both ends of every open tunnel: the server's side and the client's. Once the HTTP server has
  // handed a CONNECT socket over, it no longer closes it, and `server.close()` waits for it to end.
  const tunnels = new Set<Socket | Duplex>();

  const server: Server = createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end('a proxy request names an absolute URL');
      return;
    }
    const upstream = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port || 80,
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers: forwardedHeaders(request.headers),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardedRawHeaders(answer.rawHeaders));
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy: ${error.message}`);
    });
    request.pipe(upstream);
  });
  // A tunnel (Playwright's own requests, `page.request`, go this way): the same address.
  server.on('connect', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    const [host = '', port = '80'] = (request.url ?? '').split(':');
    const upstream = connect({ host, port: Number(port), localAddress: address }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tunnels.add(upstream).add(client);
    upstream.on('close', () => tunnels.delete(upstream));
    client.on('close', () => tunnels.delete(client));
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    client.on('error', () => upstream.destroy());
  });

  const closeTunnels = () => {
    for (const end of tunnels) end.destroy();
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    server: `http://127.0.0.1:${port}`,
    useAddress(next) {
      address = next;
      agent.destroy();
      agent = upstreamAgent(address);
      closeTunnels();
      server.closeAllConnections();
    },
    async close() {
      agent.destroy();
      closeTunnels();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
