import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ListenError, startServer } from './start.ts';
import { testConfig } from './test/test-app.ts';

const started: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

describe('startServer', () => {
  it('serves the API on the configured host and port with a migrated database', async () => {
    const app = await startServer(testConfig({ PORT: '0', HOST: '127.0.0.1' }));
    started.push(app);
    const { port } = app.server.address() as AddressInfo;
    // A sign-in attempt reads the accounts table: the database is there and migrated.
    const response = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:0' },
      body: JSON.stringify({ username: 'nobody@example.test', password: 'Wrong-Password-1' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'failed', reasons: ['invalid_credentials'] });
  });

  it('refuses a port that is taken with a ListenError naming host and port, and leaves the other server serving', async () => {
    const first = await startServer(testConfig({ PORT: '0', HOST: '127.0.0.1' }));
    started.push(first);
    const { port } = first.server.address() as AddressInfo;
    const second = startServer(testConfig({ PORT: String(port), HOST: '127.0.0.1' }));
    await expect(second).rejects.toThrow(ListenError);
    await expect(second).rejects.toThrow(`Gatehouse could not listen on 127.0.0.1:${port}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/server/info`)).status).toBe(200);
  });
});
