import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config.ts';
import { createTestApp, DEMO, testConfig, type TestApp } from '../../test/test-app.ts';
import { TokenRepository } from './token.repository.ts';
import { hashToken, TokenService } from './token.service.ts';

let t: TestApp;
let tokens: TokenService;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  userId = (await t.accounts.create(DEMO)).id;
  tokens = new TokenService(new TokenRepository(t.db), t.clock.now, t.config);
});
afterEach(() => t.close());

describe('reset and invitation tokens', () => {
  it('are 256 random bits in base64url, and the database keeps only their SHA-256', async () => {
    const { token } = await tokens.issue(userId, 'reset');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.db.selectFrom('tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('can be used once', async () => {
    const { token } = await tokens.issue(userId, 'reset');
    expect(await tokens.find(token)).toMatchObject({ userId, purpose: 'reset' });
    expect(await tokens.consume(token, 'reset')).toBe(userId);
    expect(await tokens.consume(token, 'reset')).toBeNull();
    expect(await tokens.find(token)).toBeNull();
  });

  it('expire after 60 minutes for a reset and 72 hours for an invitation', async () => {
    const reset = await tokens.issue(userId, 'reset');
    const invitation = await tokens.issue(userId, 'invitation');
    t.clock.advance(60 * 60_000 - 1);
    expect(await tokens.find(reset.token)).not.toBeNull();
    t.clock.advance(1);
    expect(await tokens.find(reset.token)).toBeNull();
    expect(await tokens.consume(reset.token, 'reset')).toBeNull();
    t.clock.advance(71 * 3_600_000 - 1);
    expect(await tokens.find(invitation.token)).not.toBeNull();
    t.clock.advance(1);
    expect(await tokens.consume(invitation.token, 'invitation')).toBeNull();
  });

  it('take their lifetimes from RESET_TOKEN_TTL_MINUTES and INVITATION_TTL_HOURS', async () => {
    const custom = await createTestApp({ env: { RESET_TOKEN_TTL_MINUTES: '15', INVITATION_TTL_HOURS: '24' } });
    try {
      const service = new TokenService(new TokenRepository(custom.db), custom.clock.now, custom.config);
      const id = (await custom.accounts.create(DEMO)).id;
      expect((await service.issue(id, 'reset')).expiresAt).toBe(custom.clock.now() + 15 * 60_000);
      expect((await service.issue(id, 'invitation')).expiresAt).toBe(custom.clock.now() + 24 * 3_600_000);
    } finally {
      await custom.close();
    }
  });

  it('refuse lifetimes of zero or beyond a day (reset) and 30 days (invitation) at start', () => {
    const bad: Record<string, string>[] = [
      { RESET_TOKEN_TTL_MINUTES: '0' },
      { RESET_TOKEN_TTL_MINUTES: '1441' },
      { INVITATION_TTL_HOURS: '721' },
      { INVITATION_TTL_HOURS: 'soon' },
    ];
    for (const env of bad) {
      expect(() => testConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('void the older token of the same purpose, but not one of the other purpose', async () => {
    const first = await tokens.issue(userId, 'reset');
    const invitation = await tokens.issue(userId, 'invitation');
    const second = await tokens.issue(userId, 'reset');
    expect(await tokens.find(first.token)).toBeNull();
    expect(await tokens.consume(first.token, 'reset')).toBeNull();
    expect(await tokens.find(invitation.token)).not.toBeNull();
    expect(await tokens.consume(second.token, 'reset')).toBe(userId);
  });

  it('are consumed only for their own purpose', async () => {
    const { token } = await tokens.issue(userId, 'invitation');
    expect(await tokens.consume(token, 'reset')).toBeNull();
    expect(await tokens.consume(token, 'invitation')).toBe(userId);
  });

  it('succeed once when the same token is used concurrently', async () => {
    const { token } = await tokens.issue(userId, 'reset');
    const results = await Promise.all(Array.from({ length: 8 }, () => tokens.consume(token, 'reset')));
    expect(results.filter((r) => r === userId)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(7);
  });

  it('treat an empty, malformed or unknown value as no token', async () => {
    expect(await tokens.find('')).toBeNull();
    expect(await tokens.find('a'.repeat(43))).toBeNull();
    expect(await tokens.find(`${'a'.repeat(42)}!`)).toBeNull();
    expect(await tokens.consume('x'.repeat(500), 'reset')).toBeNull();
  });
});
