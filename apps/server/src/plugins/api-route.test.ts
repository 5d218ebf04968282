import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { login, serverVersion } from '@gatehouse/contract';
import { API_ROUTES, constantApiRoute } from './api-route.ts';

describe('a constant answer', () => {
  it('is sent as the same JSON bytes on every request, and its path answers 405 to other methods', async () => {
    const app = Fastify();
    constantApiRoute(app, serverVersion, { copyright: '© Test', version: '9.9.9' });
    try {
      const first = await app.inject('/api/server/version');
      const second = await app.inject('/api/server/version');
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.json()).toEqual({ copyright: '© Test', version: '9.9.9' });
      expect(second.body).toBe(first.body);
      expect(API_ROUTES.get('/api/server/version')).toEqual(new Set(['GET']));
    } finally {
      await app.close();
    }
  });

  it('is refused at registration when it does not match the contract, or the call reads a body', () => {
    const app = Fastify();
    expect(() => constantApiRoute(app, serverVersion, { version: '9.9.9' } as never)).toThrow(
      /does not match the contract/,
    );
    expect(() => constantApiRoute(app, login, { status: 'ok' } as never)).toThrow(/cannot read a body/);
  });
});
