import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { forgotPassword, mailedResetToken, setPassword, tokenInfo } from '../modules/recovery/recovery-test-kit.ts';
import { cookies, login, signInWithPin } from './sign-in-steps.ts';
import { createTestApp, DEMO, postJson, type TestApp } from './test-app.ts';
import { onSqlite } from './test-database.ts';
import { sqlitePlan } from './statements.ts';

// Every statement the server sends on its everyday paths finds its rows through an index (or a
// primary key), so that no call costs time in proportion to the rows of other people: the tables
// of sessions, PINs, devices and sign-in events grow with every user
// (docs/decisions/0174-expired-rows-clean-up.md). SQLite's plans; PostgreSQL plans by statistics
// and would scan tables this small anyway, so the check runs in the SQLite run only.

/** The one table a statement may read whole: Kysely's record of the migrations, read at start. */
const SMALL_TABLES = new Set(['kysely_migration']);

let t: TestApp;
let recorded: () => CompiledQuery[];

beforeAll(async () => {
  t = await createTestApp();
  await t.accounts.create(DEMO);
  recorded = t.recordStatements();
});
afterAll(() => t?.close());

const get = (url: string, values: { session?: string; device?: string } = {}) =>
  t.app.inject({ method: 'GET', url, headers: cookies(values) });

describe.runIf(onSqlite)('query plans (SQLite run only)', () => {
  it('the everyday paths read and write through indexes: no statement scans a table', async () => {
    // A visitor, a wrong password, then the password and the PIN; the signed-in pages; trusting the device.
    await get('/api/user/info');
    await get('/api/server/info');
    await get('/api/webauthn/get');
    expect((await login(t, { email: DEMO.email, password: 'wrong-password' })).json().status).toBe('failed');
    const first = await signInWithPin(t, DEMO);
    expect((await get('/api/user/info', first)).json().guest).toBe(false);
    expect((await get('/api/account/security', first)).statusCode).toBe(200);
    expect((await postJson(t.app, '/api/user/newdevice', { device_name: 'Firefox' }, cookies(first))).statusCode).toBe(
      200,
    );
    await postJson(t.app, '/api/user/logout', {}, cookies(first));
    // The same device again: the remembered accounts, then a sign-in the trust lets through.
    expect((await get('/api/device/userlist', first)).statusCode).toBe(200);
    expect((await login(t, DEMO, { device: first.device })).json().status).toBe('ok');
    // Recovery: a reset link asked for, checked and used; an unknown address asked for too.
    await forgotPassword(t, 'nobody@example.test');
    const token = await mailedResetToken(t, DEMO.email);
    expect((await tokenInfo(t, token)).json().status).toBe('ok');
    const password = 'Another-Horse-8';
    expect((await setPassword(t, 'resetpassword', { token, password, password2: password })).json().status).toBe('ok');

    // Each distinct statement once.
    const distinct = new Map(recorded().map((statement) => [statement.sql, statement]));
    expect(distinct.size, 'the recorder saw the statements').toBeGreaterThan(30);
    // The compiled lookups of every signed-in call (run apart from Kysely's query building) among them.
    const sessionLookup = [...distinct.keys()].filter((sql) =>
      /^select .* from "sessions" left join "users"/.test(sql),
    );
    expect(sessionLookup, 'the session lookup of a signed-in call').toHaveLength(1);
    const scans: string[] = [];
    for (const [sql, statement] of distinct) {
      if (!/^(select|insert|update|delete)\b/i.test(sql)) continue;
      for (const detail of await sqlitePlan(t.db, statement)) {
        const table = /^SCAN (\w+)/.exec(detail)?.[1];
        if (table && !SMALL_TABLES.has(table)) scans.push(`${detail}  ←  ${sql}`);
      }
    }
    expect(scans).toEqual([]);
  });
});
