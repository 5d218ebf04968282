import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>sign-in app</title>');
  fs.writeFileSync(path.join(dist, 'legacy.html'), '<!doctype html><title>legacy page</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('serves hashed assets with long immutable caching', async () => {
    const response = await t.app.inject('/signin/assets/main-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('sends the pre-compressed brotli or gzip file when the browser accepts it', async () => {
    const brotli = await t.app.inject({
      url: '/signin/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await t.app.inject({ url: '/signin/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({
      url: '/signin/assets/main-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    expect((await t.app.inject('/signin/assets/gone.js')).statusCode).toBe(404);
  });

  it('answers every other /signin/ path with index.html, revalidated each time', async () => {
    for (const url of ['/signin/', '/signin/reset-password?token=abc', '/signin/accept-invitation', '/signin/a/b/c']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('sign-in app');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves the legacy default page at /, and public files as they are', async () => {
    const legacy = await t.app.inject('/');
    expect(legacy.body).toContain('legacy page');
    expect(legacy.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject('/signin/favicon.svg')).headers['content-type']).toMatch(/svg/);
  });

  it('refuses to leave the build folder', async () => {
    const response = await t.app.inject('/signin/assets/..%2f..%2fpackage.json');
    expect(response.statusCode).not.toBe(200);
  });

  it('explains with a 503 that the app must be built when the build is missing', async () => {
    const bare = await createTestApp({ env: { WEB_DIST: path.join(dist, 'missing') } });
    try {
      for (const url of ['/', '/signin/']) {
        const response = await bare.app.inject(url);
        expect(response.statusCode).toBe(503);
        expect(response.body).toContain('npm run build');
      }
    } finally {
      await bare.close();
    }
  });
});
