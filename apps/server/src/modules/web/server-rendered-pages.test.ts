// The app's pages as the server renders them from the real web build (docs/decisions/0117-server-rendered-first-view.md).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { LANGUAGE_COOKIE, PIN_STEP_COOKIE } from '@gatehouse/contract';
import { HOSTILE_TABLE_ALLOWLIST, hostileRedirects } from '../../../../../packages/contract/src/hostile-redirects.ts';
import {
  createTestApp,
  DEMO,
  dumpDatabase,
  ORIGIN,
  postJson,
  sessionCookie,
  type TestApp,
} from '../../test/test-app.ts';
import { cookies, login, signInWithPin } from '../../test/sign-in-steps.ts';
import { forgotPassword, mailedResetToken, setPassword, tokenFromText } from '../recovery/recovery-test-kit.ts';
import { HIDDEN_CHECKBOX_INPUT_STYLE } from '../../plugins/security.plugin.ts';
import { sha256Hex } from '../../plugins/secret-hash.ts';
import { assetsOf } from './page-renderer.ts';

const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
const CHROME =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const OLD_BROWSER =
  'Mozilla/5.0 (Linux; Android 7.0; SM-G930F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.137 Mobile Safari/537.36';

interface Payload {
  locale: string;
  areas: string[];
  data: { user: { authenticated: boolean; language: string }; deviceUsers: { firstName: string; email: string }[] };
  signIn: { pinStep: { email: string; variant: string } | null; passkeyLikely: boolean };
  linkCheck: { token: string; answer?: { status: string; reasons?: string[] }; usedHere?: true } | null;
  messages: Record<string, unknown>;
}

/** An empty form POST with `target` as the request line's target, sent as a crafted client sends it (no Origin). */
function postFormOverSocket(port: number, target: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [statusLine = '', ...headers] = received.split('\r\n\r\n')[0]?.split('\r\n') ?? [];
      const location = headers.find((line) => /^location:/i.test(line))?.replace(/^location:\s*/i, '');
      resolve({ status: Number(statusLine.split(' ')[1]), location });
    });
    socket.write(
      `POST ${target} HTTP/1.1\r\nHost: localhost:8080\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
  });
}

/**
 * What the browser would read: the page's payload element parsed, the root's markup, its text (as
 * shown: an e-mail address in a sentence is an element of its own) and the h1's text.
 */
function readPage(response: LightMyRequestResponse) {
  const html = response.body;
  const payloadText = /<script type="application\/json" id="gatehouse-page"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  if (payloadText === undefined) throw new Error(`no payload in ${html.slice(0, 300)}`);
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
  const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(root)?.[1] ?? null;
  return {
    html,
    root,
    text: root.replace(/<[^>]*>/g, ''),
    heading,
    lang: /<html lang="([^"]*)">/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    payload: JSON.parse(payloadText) as Payload,
  };
}

let t: TestApp;
beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_DIST, 'server', 'server-entry.js'))) {
    throw new Error(`No server renderer at ${WEB_DIST}/server: run npm run build -w @gatehouse/web first`);
  }
  t = await createTestApp({ env: { WEB_DIST, REDIRECT_ALLOWLIST: HOSTILE_TABLE_ALLOWLIST.join(',') } });
  await t.accounts.create(DEMO);
});
afterAll(async () => {
  await t.close();
});

describe('server-rendered pages', () => {
  it('paints the sign-in screen in the language of Accept-Language, with every text and its start-up data', async () => {
    const response = await t.app.inject({ url: '/signin/', headers: { 'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.5' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // Personal and per language: no cache may keep it or give it to someone else.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary)).toMatch(/Cookie/);
    const page = readPage(response);
    expect(page.lang).toBe('cs');
    expect(page.title).toBe('Přihlášení');
    expect(page.heading).toBe('Přihlášení');
    expect(page.root).toContain('E-mailová adresa');
    expect(page.payload.locale).toBe('cs');
    expect(page.payload.data.user.authenticated).toBe(false);
    expect(page.payload.messages['signIn.login.title']).toBeDefined();
    // The sign-in's later screens load their texts later.
    expect(page.payload.messages['signIn.pin.title']).toBeUndefined();
  });

  it('takes the language cookie before Accept-Language, and Slovak without either', async () => {
    const chosen = readPage(
      await t.app.inject({ url: '/signin/', headers: { 'accept-language': 'cs', cookie: `${LANGUAGE_COOKIE}=en` } }),
    );
    expect([chosen.lang, chosen.heading]).toEqual(['en', 'Sign in']);
    const neither = readPage(await t.app.inject({ url: '/signin/' }));
    expect([neither.lang, neither.heading]).toEqual(['sk', 'Prihlásenie']);
  });

  it('sends the brotli of the page to a browser that accepts it', async () => {
    const response = await t.app.inject({ url: '/signin/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<h1');
  });

  it('sends a signed-in visitor on before any HTML, to a target judged after decoding', async () => {
    const { session } = await signInWithPin(t, DEMO);
    const visit = async (query: string) => {
      const response = await t.app.inject({ url: `/signin/${query}`, headers: cookies({ session }) });
      expect(response.statusCode).toBe(302);
      expect(response.body).not.toContain('<html');
      return new URL(String(response.headers.location), ORIGIN);
    };
    expect((await visit('?redirect=%2Fsignin%2Fsecurity')).href).toBe(`${ORIGIN}/signin/security`);
    // Never on to a page a link's token opens (another's invitation would sign the visitor in as them).
    for (const link of [
      '?redirect=%2Fsignin%2Faccept-invitation%3Ftoken%3Dabc',
      '?redirect=%2Fsignin%2Freset-password%3Ftoken%3Dabc',
      '?redirect=%2Fsignin%2Fsecure-account%3Ftoken%3Dabc',
      '?redirect=%2Fsignin%2F.%2Faccept-invitation%2F%3Ftoken%3Dabc',
      '?redirect=%2Fsignin%2Faccept%252Dinvitation%3Ftoken%3Dabc',
    ])
      expect((await visit(link)).href, link).toBe(`${ORIGIN}/`);
    // Hostile targets end on this origin's default page, whatever their encoding.
    for (const hostile of [
      '?redirect=https%3A%2F%2Fevil.example%2F',
      '?redirect=%2F%2Fevil.example',
      '?redirect=%2F%5Cevil.example',
      '?redirect=%252F%252Fevil.example',
    ]) {
      const target = await visit(hostile);
      expect(target.origin, hostile).toBe(ORIGIN);
    }
    // The whole hostile table, each value as the address bar holds it: the browser's final target
    // (the Location resolved as a browser resolves it) is the one the redirect rule gives.
    for (const { query, expected, why } of hostileRedirects(ORIGIN)) {
      const target = await visit(`?redirect=${query}`);
      const allowed = new URL(expected, ORIGIN);
      expect(target.href, `${why}: ${query}`).toBe(allowed.href);
    }
    // The pages for anyone with a token stay pages for a signed-in visitor.
    const reset = await t.app.inject({ url: '/signin/reset-password?token=abc', headers: cookies({ session }) });
    expect(reset.statusCode).toBe(200);
    expect(readPage(reset).payload.areas).toEqual(['recovery']);
  });

  it('sends a person who registered and reloads the link on, before any HTML; a guest sees the expired page', async () => {
    const invitationFor = async (email: string) => {
      await t.accounts.invite({ email, firstName: 'Ivo', surname: 'Kráľ', language: 'sk' });
      await forgotPassword(t, email);
      return tokenFromText(t.app.devMailbox?.latestTo(email)?.text ?? '', '/signin/accept-invitation');
    };
    const token = await invitationFor('ivo.kral@example.test');
    const password = 'Jarna-Luka-2026';
    const registered = await setPassword(t, 'register', { token, password, password2: password });
    expect(registered.json()).toEqual({ status: 'ok' });
    const session = sessionCookie(registered)?.value ?? '';
    // The same link again (the pair-device step reloaded), signed in by it: on to the link's target.
    const link = `/signin/accept-invitation?token=${token}&redirect=%2Fsignin%2Fsecurity`;
    const reloaded = await t.app.inject({ url: link, headers: cookies({ session }) });
    expect(reloaded.statusCode).toBe(302);
    expect(reloaded.body).not.toContain('<html');
    expect(reloaded.headers.location).toBe('/signin/security');
    // The target is judged as every redirect's is.
    const hostile = await t.app.inject({
      url: `/signin/accept-invitation?token=${token}&redirect=%2F%2Fevil.example`,
      headers: cookies({ session }),
    });
    expect(new URL(String(hostile.headers.location), ORIGIN).origin).toBe(ORIGIN);
    // A guest with the used link sees the expired page, with its way to a new link.
    const guest = readPage(await t.app.inject({ url: link }));
    expect(guest.payload.linkCheck?.answer?.status).toBe('failed');
    expect(guest.heading).toBe('Tento odkaz už nie je platný');
    // Another person's live invitation, opened signed in, is welcomed as for anyone.
    const other = await invitationFor('eva.mala@example.test');
    const live = await t.app.inject({ url: `/signin/accept-invitation?token=${other}`, headers: cookies({ session }) });
    expect(live.statusCode).toBe(200);
    expect(readPage(live).payload.linkCheck?.answer?.status).toBe('ok');
  });

  it('sends a form the browser submitted before the app took over back to the page, its fields unread', async () => {
    const before = await dumpDatabase(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/signin/?redirect=%2Fsignin%2Fsecurity',
      // As a browser sends it: under no-referrer a form's Origin is "null".
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      payload: `email=${encodeURIComponent(DEMO.email)}&password=${encodeURIComponent(DEMO.password)}`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/signin/?redirect=%2Fsignin%2Fsecurity');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await dumpDatabase(t.db)).toEqual(before);
    // The forms send their fields in a body, never in the address.
    const page = readPage(await t.app.inject('/signin/'));
    expect(page.root).toMatch(/<form [^>]*method="post"/);
  });

  it('sends such a form back to a page of this origin whatever request target it came with', async () => {
    // Over a socket, as sent: a request target in absolute form, or with dot segments, reaches the
    // server as it is (an injected request would be parsed first).
    const own = await createTestApp();
    try {
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = own.app.server.address() as net.AddressInfo;
      const cases: [target: string, page: string][] = [
        ['http://evil.example/signin/phish?x=1', '/signin/phish?x=1'],
        ['/signin/..//evil.example', '/signin/'],
        ['/signin/%2e%2e//evil.example/', '/signin/'],
        ['/signin/../api/user/logout', '/signin/'],
        ['/signin/?redirect=%2F%2Fevil.example', '/signin/?redirect=%2F%2Fevil.example'],
      ];
      for (const [target, page] of cases) {
        const { status, location } = await postFormOverSocket(port, target);
        expect(status, target).toBe(303);
        // Where the browser goes: the Location resolved against the page's address.
        const resolved = new URL(location ?? '', `${ORIGIN}/signin/`);
        expect(resolved.origin, target).toBe(ORIGIN);
        expect(`${resolved.pathname}${resolved.search}`, target).toBe(page);
      }
    } finally {
      await own.close();
    }
  });

  it('leaves the demo pages and unknown paths to the browser: the built page without a screen or data', async () => {
    for (const url of ['/signin/tm-controls', '/signin/no/such/page']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('gatehouse-page');
    }
  });

  it('paints a reset link checked: the new-password form for a live link, the expired page for another', async () => {
    const token = await mailedResetToken(t, DEMO.email);
    const live = readPage(await t.app.inject(`/signin/reset-password?token=${encodeURIComponent(token)}`));
    // The live link's check names its account: the page says which, and the password manager gets it.
    expect(live.payload.linkCheck).toEqual({ token, answer: { status: 'ok', email: DEMO.email } });
    expect(live.heading).toBe('Nastavte si nové heslo');
    expect(live.text).toContain(`Účet: ${DEMO.email}`);
    expect(live.root).toMatch(new RegExp(`<input[^>]*autoComplete="username"|<input[^>]*autocomplete="username"`));
    // Its screen's styles and the app's are in the head, each once (a styled first paint); no script
    // loads before the paint but the boot script (the app follows the paint), and no font is preloaded.
    const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Parameters<
      typeof assetsOf
    >[0];
    const head = live.html.slice(0, live.html.indexOf('</head>'));
    const needed = assetsOf(manifest, ['src/app/token-link-routes.tsx', 'src/app/main.tsx']);
    expect(needed.css.length).toBeGreaterThan(1);
    for (const file of needed.css) expect(head.split(`href="/signin/${file}"`).length - 1, file).toBe(1);
    const scripts = [
      ...head.matchAll(/<(?:script|link rel="modulepreload")[^>]* (?:src|href)="\/signin\/([^"]+)"/g),
    ].map((m) => m[1]);
    expect(scripts.sort()).toEqual(assetsOf(manifest, ['index.html']).js.sort());
    expect(head).not.toMatch(/as="font"|\.woff2/);
    // Its screen's scripts are named for the app to fetch after the paint and to have before it hydrates.
    const app = assetsOf(manifest, ['index.html', 'src/app/main.tsx']).js;
    const screen = needed.js.filter((file) => !app.includes(file));
    expect(screen.length).toBeGreaterThan(0);
    const listed = /id="gatehouse-page" data-modules="([^"]*)"/.exec(live.html)?.[1]?.split(' ');
    expect(listed?.sort()).toEqual(screen.sort());
    const wrong = readPage(await t.app.inject('/signin/reset-password?token=not-a-token'));
    expect(wrong.payload.linkCheck?.answer).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect(wrong.heading).toBe('Tento odkaz už nie je platný');
    // Without a token there is nothing to ask: the expired page as well.
    const none = readPage(await t.app.inject('/signin/reset-password'));
    expect([none.payload.linkCheck, none.heading]).toEqual([null, 'Tento odkaz už nie je platný']);
  });

  it('paints "password changed" again for a reset link this browser used (a reload, the mail opened again), and the expired page to anyone else', async () => {
    const account = { ...DEMO, email: 'zofia.used-link@example.test' };
    await t.accounts.create(account);
    const token = await mailedResetToken(t, account.email);
    const link = `/signin/reset-password?token=${encodeURIComponent(token)}`;
    const password = 'Nove-Heslo-2026';
    const reset = await setPassword(t, 'resetpassword', { token, password, password2: password });
    expect(reset.json()).toEqual({ status: 'ok' });
    const used = reset.cookies.find((cookie) => cookie.name === 'gh_link_used');
    // The link's hash, never the link; for as long as a reset link lives; the browser's scripts cannot read it.
    expect(used).toMatchObject({ value: sha256Hex(token), httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 3600 });
    const withUsed = { cookie: `gh_link_used=${used?.value}` };
    const reloaded = await t.app.inject({ url: link, headers: withUsed });
    expect(reloaded.statusCode).toBe(200);
    const page = readPage(reloaded);
    expect(page.payload.linkCheck).toEqual({ token, usedHere: true });
    expect(page.heading).toBe('Vaše heslo bolo zmenené');
    expect(page.root).toContain('Pokračovať na prihlásenie');
    // Another browser (no cookie) with the same link: it is used, the expired page.
    const elsewhere = readPage(await t.app.inject(link));
    expect([elsewhere.payload.linkCheck?.answer, elsewhere.heading]).toEqual([
      { status: 'failed', reasons: ['wrong_token'] },
      'Tento odkaz už nie je platný',
    ]);
    // This browser with another, live link: that link's own check, its form.
    const next = await mailedResetToken(t, account.email);
    const other = readPage(await t.app.inject({ url: `/signin/reset-password?token=${next}`, headers: withUsed }));
    expect([other.payload.linkCheck, other.heading]).toEqual([
      { token: next, answer: { status: 'ok', email: account.email } },
      'Nastavte si nové heslo',
    ]);
    // A reset refused sets no cookie.
    const refused = await setPassword(t, 'resetpassword', { token, password, password2: password });
    expect(refused.json()).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect(refused.cookies.find((cookie) => cookie.name === 'gh_link_used')).toBeUndefined();
  });

  it('paints a "Wasn\'t you?" link checked: the confirmation for a live link, the expired page for another', async () => {
    const account = await t.accounts.findByEmail(DEMO.email);
    const { token } = await t.app.linkTokens.issue(account!.id, 'secure_account');
    const before = await dumpDatabase(t.db);
    const live = readPage(await t.app.inject(`/signin/secure-account?token=${encodeURIComponent(token)}`));
    expect(live.payload.linkCheck).toEqual({ token, answer: { status: 'ok' } });
    expect(live.heading).toBe('Zabezpečte svoj účet');
    // Opening the link changes nothing (mail scanners fetch links): the page only checked it.
    expect(await dumpDatabase(t.db)).toEqual(before);
    const wrong = readPage(await t.app.inject('/signin/secure-account?token=not-a-token'));
    expect(wrong.payload.linkCheck?.answer).toEqual({ status: 'failed', reasons: ['wrong_token'] });
    expect(wrong.heading).toBe('Tento odkaz už neplatí');
  });

  it('paints "account secured" again for a "Wasn\'t you?" link this browser secured the account with, and the expired page to anyone else', async () => {
    const account = await t.accounts.create({ ...DEMO, email: 'oto.secured@example.test' });
    const { token } = await t.app.linkTokens.issue(account.id, 'secure_account');
    const link = `/signin/secure-account?token=${encodeURIComponent(token)}`;
    const secured = await postJson(t.app, '/api/user/secureaccount', { token });
    expect(secured.json()).toMatchObject({ status: 'ok' });
    const used = secured.cookies.find((cookie) => cookie.name === 'gh_link_used');
    expect(used).toMatchObject({ value: sha256Hex(token), httpOnly: true, sameSite: 'Lax', path: '/' });
    const again = readPage(await t.app.inject({ url: link, headers: { cookie: `gh_link_used=${used?.value}` } }));
    expect([again.payload.linkCheck, again.heading]).toEqual([{ token, usedHere: true }, 'Váš účet je zabezpečený']);
    expect(again.root).toContain('Zvoliť nové heslo');
    // The reset token the securing answered is not in the page: only the browser that was answered had it.
    expect(again.html).not.toContain(String((secured.json() as { resetToken?: string }).resetToken));
    const elsewhere = readPage(await t.app.inject(link));
    expect([elsewhere.payload.linkCheck?.answer, elsewhere.heading]).toEqual([
      { status: 'failed', reasons: ['wrong_token'] },
      'Tento odkaz už neplatí',
    ]);
  });

  it('remembers both links of a securing and the reset it leads to: each, loaded again in that browser, says what was done', async () => {
    const account = await t.accounts.create({ ...DEMO, email: 'eva.both-links@example.test' });
    const { token } = await t.app.linkTokens.issue(account.id, 'secure_account');
    const secured = await postJson(t.app, '/api/user/secureaccount', { token });
    const afterSecuring = secured.cookies.find((cookie) => cookie.name === 'gh_link_used')?.value ?? '';
    const { resetToken } = secured.json() as { resetToken: string };
    // The reset sent from the same browser, with the cookie the securing set.
    const password = 'Nove-Heslo-2026';
    const reset = await postJson(
      t.app,
      '/api/user/resetpassword',
      { token: resetToken, password, password2: password },
      { cookie: `gh_link_used=${afterSecuring}` },
    );
    expect(reset.json()).toEqual({ status: 'ok' });
    const both = reset.cookies.find((cookie) => cookie.name === 'gh_link_used')?.value ?? '';
    expect(both).toBe(`${sha256Hex(token)}.${sha256Hex(resetToken)}`);
    const withBoth = { cookie: `gh_link_used=${both}` };
    const securePage = readPage(
      await t.app.inject({ url: `/signin/secure-account?token=${encodeURIComponent(token)}`, headers: withBoth }),
    );
    expect([securePage.payload.linkCheck, securePage.heading]).toEqual([
      { token, usedHere: true },
      'Váš účet je zabezpečený',
    ]);
    const resetPage = readPage(
      await t.app.inject({ url: `/signin/reset-password?token=${encodeURIComponent(resetToken)}`, headers: withBoth }),
    );
    expect([resetPage.payload.linkCheck, resetPage.heading]).toEqual([
      { token: resetToken, usedHere: true },
      'Vaše heslo bolo zmenené',
    ]);
    // Three links at most, the latest kept; anything that is not a link's hash is dropped.
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => sha256Hex(letter));
    const resetWith = async (cookie: string, password: string) => {
      const next = await mailedResetToken(t, account.email);
      const answer = await postJson(
        t.app,
        '/api/user/resetpassword',
        { token: next, password, password2: password },
        { cookie: `gh_link_used=${cookie}` },
      );
      expect(answer.json()).toEqual({ status: 'ok' });
      return [answer.cookies.find((cookie) => cookie.name === 'gh_link_used')?.value, sha256Hex(next)];
    };
    const [full, first] = await resetWith(`${a}.${b}.${c}`, 'Dalsie-Heslo-2027');
    expect(full).toBe(`${b}.${c}.${first}`);
    const [mixed, second] = await resetWith(`${a}.not-a-hash.<b>`, 'Tretie-Heslo-2028');
    expect(mixed).toBe(`${a}.${second}`);
  });

  it('sends a guest from the security page to sign in first, and back', async () => {
    const response = await t.app.inject('/signin/security');
    expect(response.statusCode).toBe(302);
    const target = new URL(String(response.headers.location), ORIGIN);
    expect(target.pathname).toBe('/signin/');
    expect(target.searchParams.get('redirect')).toBe('/signin/security');
  });

  it('carries a name a user chose as data: it cannot end the payload element or add markup', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const account = {
      email: 'scripted@example.test',
      password: 'Correct-Horse-8',
      firstName: name,
      surname: 'Test',
      language: 'en' as const,
    };
    await t.accounts.create(account);
    const { device } = await signInWithPin(t, account);
    const response = await t.app.inject({ url: '/signin/', headers: { cookie: `gh_device=${device}` } });
    const page = readPage(response);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.payload.data.deviceUsers.map((user) => user.firstName)).toContain(name);
    // The remembered account's form is the first screen.
    expect(page.root).toContain('scripted@example.test');
  });

  it('starts at the PIN step when a tab shows it and the session waits for the PIN, else at the login form', async () => {
    const first = await login(t, DEMO);
    const session = sessionCookie(first)?.value ?? '';
    const atStep = readPage(
      await t.app.inject({ url: '/signin/', headers: { cookie: `gh_session=${session}; ${PIN_STEP_COOKIE}=1` } }),
    );
    expect(atStep.payload.signIn.pinStep).toEqual({ email: DEMO.email, variant: 'signIn' });
    expect(atStep.payload.areas).toEqual(['signInLater']);
    expect(atStep.heading).toBe('Zadajte kód');
    // Its one style attribute (the checkbox's hidden input) is the one the CSP admits by its hash.
    expect([...atStep.html.matchAll(/ style="([^"]*)"/g)].map((match) => match[1])).toEqual([
      HIDDEN_CHECKBOX_INPUT_STYLE,
    ]);
    expect(String((await t.app.inject({ url: '/signin/' })).headers['content-security-policy'])).toContain(
      "'unsafe-hashes'",
    );
    // No tab at the step (it was left): the login form.
    const left = readPage(await t.app.inject({ url: '/signin/', headers: { cookie: `gh_session=${session}` } }));
    expect(left.payload.signIn.pinStep).toBeNull();
    // The cookie alone, without a session waiting for a PIN, starts nothing.
    const stray = readPage(await t.app.inject({ url: '/signin/', headers: { cookie: `${PIN_STEP_COOKIE}=1` } }));
    expect(stray.payload.signIn.pinStep).toBeNull();
    expect(stray.heading).toBe('Prihlásenie');
  });

  it("never starts at a shared computer's PIN step: the next person's new tab shows the login form, not the address", async () => {
    const shared = await postJson(t.app, '/api/user/login', {
      username: DEMO.email,
      password: DEMO.password,
      sharedComputer: true,
    });
    expect(shared.json()).toMatchObject({ status: 'requested_pin_code' });
    const session = sessionCookie(shared)?.value ?? '';
    const page = readPage(
      await t.app.inject({ url: '/signin/', headers: { cookie: `gh_session=${session}; ${PIN_STEP_COOKIE}=1` } }),
    );
    expect([page.payload.signIn.pinStep, page.heading]).toEqual([null, 'Prihlásenie']);
    expect(page.html).not.toContain(DEMO.email);
  });

  it('paints the passkey notice for a browser whose autofill may offer passkeys, and not for an old one', async () => {
    const modern = readPage(
      await t.app.inject({ url: '/signin/', headers: { 'user-agent': CHROME, 'accept-language': 'en' } }),
    );
    expect(modern.root).toContain('You can sign in faster using your device');
    const old = readPage(
      await t.app.inject({ url: '/signin/', headers: { 'user-agent': OLD_BROWSER, 'accept-language': 'en' } }),
    );
    expect(old.root).not.toContain('You can sign in faster using your device');
    expect(old.heading).toBe('Sign in');
  });
});

describe('server-rendered pages with a bot check configured', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({
      env: {
        WEB_DIST,
        BOT_CHECK: 'altcha',
        ALTCHA_HMAC_KEY: 'altcha-hmac-key-that-is-long-enough-0123456789',
        ALTCHA_MAX_NUMBER: '2000',
      },
    });
  });
  afterAll(async () => {
    await b.close();
  });

  it('paints "password changed" for a link the cookie names without looking it up, so the page tells nobody whether a link exists', async () => {
    // The link's check needs the browser's bot-check token: without the cookie the app asks.
    const plain = readPage(await b.app.inject('/signin/reset-password?token=some-link'));
    expect(plain.payload.linkCheck).toBeNull();
    // A cookie naming the address's link (as a reset in this browser sets it): the confirmation,
    // whether the link is a real one or not, since the database is not asked.
    for (const token of ['some-link', 'a-link-nobody-was-sent']) {
      const page = readPage(
        await b.app.inject({
          url: `/signin/reset-password?token=${token}`,
          headers: { cookie: `gh_link_used=${sha256Hex(token)}` },
        }),
      );
      expect([page.payload.linkCheck, page.heading], token).toEqual([
        { token, usedHere: true },
        'Vaše heslo bolo zmenené',
      ]);
    }
    // A cookie naming another link changes nothing.
    const mismatch = readPage(
      await b.app.inject({
        url: '/signin/reset-password?token=some-link',
        headers: { cookie: `gh_link_used=${sha256Hex('another-link')}` },
      }),
    );
    expect(mismatch.payload.linkCheck).toBeNull();
  });
});
