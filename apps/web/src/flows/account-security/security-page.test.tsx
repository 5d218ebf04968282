import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { SecurityOverviewAnswer } from '@gatehouse/contract';
import { expectAnnounced, jsonResponse, renderWithProviders, wholeText } from '../../shared/testing/test-utils';
import { CREATE_STRUCTURE, domError, removeWebAuthn, stubWebAuthn } from '../../shared/passkeys/webauthn-test-kit';
import { SecurityPage } from './security-page';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const AT = Date.UTC(2026, 10, 20, 9, 30);
const EMAIL = 'jana.novakova@example.test';
const PAGE = { onGuest: () => undefined, backHref: '/', email: EMAIL, resetLinkMinutes: 60 };

function fullOverview(): SecurityOverviewAnswer {
  return {
    status: 'ok',
    passkeys: [
      { id: 'key-1', name: null, synced: true, createdAt: AT, lastUsedAt: null },
      { id: 'key-2', name: 'Kitchen phone', synced: false, createdAt: AT, lastUsedAt: AT + 60_000 },
    ],
    devices: [
      { id: 'dev-1', name: 'Firefox Linux', trustedAt: AT, lastUsedAt: AT, current: true },
      { id: 'dev-2', name: 'Mobile Chrome Android 14', trustedAt: AT, lastUsedAt: AT, current: false },
    ],
    sessions: [
      { id: 'ses-1', userAgent: FIREFOX, signedInAt: AT, lastActiveAt: AT, current: true },
      { id: 'ses-2', userAgent: ANDROID, signedInAt: AT, lastActiveAt: AT, current: false },
    ],
    signIns: [
      { at: AT, method: 'passkey', userAgent: ANDROID, thisDevice: false },
      { at: AT, method: 'password_pin', userAgent: FIREFOX, thisDevice: true },
    ],
    reauthRequired: false,
    canAddPasskey: true,
  };
}

/** A small server: the overview it holds, and what each call does to it. */
function stubServer(overview: SecurityOverviewAnswer, { reauthFirst = false, proofLastsOneChange = false } = {}) {
  let authenticated = !reauthFirst;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const id = url.searchParams.get('id');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    switch (key) {
      case 'GET /api/account/security':
        return jsonResponse(overview);
      case 'POST /api/account/passkey/name':
        overview.passkeys = overview.passkeys.map((p) => (p.id === body.id ? { ...p, name: body.name ?? null } : p));
        return jsonResponse({ status: 'ok' });
      case 'DELETE /api/account/passkey':
        if (!authenticated) return jsonResponse({ status: 'failed', reasons: ['reauth_required'] });
        overview.passkeys = overview.passkeys.filter((p) => p.id !== id);
        // As when the page stays open past the proof's 15 minutes before the next removal.
        if (proofLastsOneChange) authenticated = false;
        return jsonResponse({ status: 'ok' });
      case 'GET /api/account/reauth/passkey':
        return jsonResponse({
          status: 'ok',
          getStructure: {
            challenge: 'Y2hhbGxlbmdl',
            timeout: 60000,
            relyingPartyId: 'localhost',
            userVerification: 'required',
            allowCredentials: [{ id: 'a2V5LTE', type: 'public-key' }],
          },
        });
      case 'GET /api/webauthn/create':
        // As the server: a passkey is added only soon after the password was proven.
        return jsonResponse(
          authenticated
            ? { status: 'ok', createStructure: CREATE_STRUCTURE }
            : { status: 'failed', reasons: ['credentials_required'] },
        );
      case 'POST /api/webauthn/create':
        if (!authenticated) return jsonResponse({ status: 'failed', reasons: ['credentials_required'] });
        overview.passkeys = [
          ...overview.passkeys,
          { id: String(body.id), name: null, synced: false, createdAt: AT + 120_000, lastUsedAt: null },
        ];
        return jsonResponse({ status: 'ok' });
      case 'POST /api/account/reauth/passkey':
        authenticated = true;
        return jsonResponse({ status: 'ok' });
      case 'POST /api/account/reauth':
        if (body.password !== 'Correct-Horse-7')
          return jsonResponse({ status: 'failed', reasons: ['invalid_credentials'] });
        authenticated = true;
        return jsonResponse({ status: 'ok' });
      case 'DELETE /api/account/device':
        overview.devices = overview.devices.filter((d) => d.id !== id);
        return jsonResponse({ status: 'ok' });
      case 'DELETE /api/account/session':
        overview.sessions = overview.sessions.filter((s) => s.id !== id);
        return jsonResponse({ status: 'ok' });
      case 'DELETE /api/account/session/others':
        overview.sessions = overview.sessions.filter((s) => s.current);
        return jsonResponse({ status: 'ok' });
      case 'POST /api/user/forgotpassword':
        return jsonResponse({ status: 'ok' });
      default:
        return jsonResponse({}, 404);
    }
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const calls = (fetch: ReturnType<typeof stubServer>, key: string) =>
  fetch.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  removeWebAuthn();
});

async function axeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('the security page', () => {
  it('lists passkeys, trusted devices, sessions and sign-ins with this device and session marked, and has no axe violation', async () => {
    stubServer(fullOverview());
    const { container } = renderWithProviders(<SecurityPage {...PAGE} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in and security' })).toBeTruthy();
    // The heading is there while the overview loads: the sections come with its answer.
    const passkeys = await screen.findByRole('region', { name: 'Passkeys' });
    expect(within(passkeys).getByText('Passkey from Nov 20, 2026')).toBeTruthy();
    expect(within(passkeys).getByText('Kitchen phone')).toBeTruthy();
    expect(within(passkeys).getByText('Synced between your devices')).toBeTruthy();
    expect(within(passkeys).getByText('Not used yet')).toBeTruthy();
    expect(within(passkeys).getByRole('button', { name: 'Remove Kitchen phone' })).toBeTruthy();
    const devices = screen.getByRole('region', { name: 'Trusted devices' });
    expect(within(devices).getByText('This device')).toBeTruthy();
    expect(within(devices).getByRole('button', { name: 'Revoke Mobile Chrome Android 14' })).toBeTruthy();
    expect(within(devices).getByRole('button', { name: 'Revoke Firefox Linux (this device)' })).toBeTruthy();
    const sessions = screen.getByRole('region', { name: 'Where you are signed in' });
    // Browser and system come from the user agent, named as trusted devices are.
    expect(await within(sessions).findByRole('button', { name: 'Sign out Mobile Chrome Android 14' })).toBeTruthy();
    expect(within(sessions).getByText('This session')).toBeTruthy();
    expect(within(sessions).queryByRole('button', { name: /Sign out Firefox/ })).toBeNull();
    const signIns = screen.getByRole('region', { name: 'Latest sign-ins' });
    expect(within(signIns).getByText(/Mobile Chrome Android 14, passkey$/)).toBeTruthy();
    expect(within(signIns).getByText(/Firefox Linux \(this device\), password and PIN$/)).toBeTruthy();
    expect(within(signIns).getByText(/Do you not recognise a sign-in\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('tells apart the buttons of items that share a name by the date each item shows, in Slovak', async () => {
    const overview = fullOverview();
    overview.passkeys = [
      { id: 'key-1', name: 'Telefón', synced: true, createdAt: AT, lastUsedAt: null },
      { id: 'key-2', name: 'Telefón', synced: false, createdAt: AT + 86_400_000, lastUsedAt: null },
    ];
    overview.devices = [
      { id: 'dev-1', name: 'Firefox Linux', trustedAt: AT, lastUsedAt: AT, current: true },
      { id: 'dev-2', name: 'Mobile Chrome Android 14', trustedAt: AT, lastUsedAt: AT + 60_000, current: false },
      { id: 'dev-3', name: 'Mobile Chrome Android 14', trustedAt: AT, lastUsedAt: AT + 7_200_000, current: false },
      // Used in the same minute as the one above: the date alone does not tell them apart.
      { id: 'dev-4', name: 'Mobile Chrome Android 14', trustedAt: AT, lastUsedAt: AT + 7_210_000, current: false },
    ];
    overview.sessions = [
      { id: 'ses-1', userAgent: FIREFOX, signedInAt: AT, lastActiveAt: AT, current: true },
      { id: 'ses-2', userAgent: ANDROID, signedInAt: AT, lastActiveAt: AT + 60_000, current: false },
      { id: 'ses-3', userAgent: ANDROID, signedInAt: AT, lastActiveAt: AT + 7_200_000, current: false },
    ];
    const fetch = stubServer(overview);
    const { container } = renderWithProviders(<SecurityPage {...PAGE} />, 'sk');
    await screen.findByRole('heading', { level: 1, name: 'Prihlásenie a zabezpečenie' });

    /** The buttons of a section's items, each with the date its item shows after `label`. */
    const buttonsAndDates = async (region: string, label: string) => {
      const section = screen.getByRole('region', { name: region });
      const items = await within(section).findAllByRole('listitem');
      return items.map((item) => ({
        buttons: within(item)
          .queryAllByRole('button')
          .map((button) => button.getAttribute('aria-label')),
        // The date as the item shows it, whose parts are held together by no-break spaces (keptTogether).
        date: within(item)
          .getByText((text) => text.startsWith(label))
          .textContent!.slice(label.length + 1)
          .replace(/\u00a0/g, ' '),
      }));
    };
    const passkeys = await buttonsAndDates('Prístupové kľúče', 'Vytvorený');
    expect(passkeys.map((p) => p.buttons)).toEqual(
      passkeys.map((p) => [`Premenovať Telefón, vytvorený ${p.date}`, `Odstrániť Telefón, vytvorený ${p.date}`]),
    );
    const devices = await buttonsAndDates('Dôveryhodné zariadenia', 'Naposledy použité');
    expect(devices.map((d) => d.buttons)).toEqual([
      // A name no other item has stays as it is; this device's says so.
      ['Zrušiť dôveru: Firefox Linux (toto zariadenie)'],
      [`Zrušiť dôveru: Mobile Chrome Android 14, naposledy použité ${devices[1]!.date}`],
      [`Zrušiť dôveru: Mobile Chrome Android 14, naposledy použité ${devices[2]!.date} (1)`],
      [`Zrušiť dôveru: Mobile Chrome Android 14, naposledy použité ${devices[3]!.date} (2)`],
    ]);
    expect(devices[2]!.date).toBe(devices[3]!.date);
    const sessions = await buttonsAndDates('Kde je váš účet prihlásený', 'Posledná aktivita');
    expect(sessions.map((s) => s.buttons)).toEqual([
      [],
      [`Odhlásiť Mobil Chrome Android 14, posledná aktivita ${sessions[1]!.date}`],
      [`Odhlásiť Mobil Chrome Android 14, posledná aktivita ${sessions[2]!.date}`],
    ]);
    expect(new Set(sessions.map((s) => s.date)).size).toBe(3);
    expect(await axeViolations(container)).toEqual([]);

    // The button acts on its own item; what is said names the browser as the list shows it.
    await userEvent.click(
      screen.getByRole('button', { name: `Odhlásiť Mobil Chrome Android 14, posledná aktivita ${sessions[2]!.date}` }),
    );
    await expectAnnounced('Prehliadač Mobil Chrome Android 14 bol odhlásený.', 'polite');
    expect(calls(fetch, 'DELETE /api/account/session')[0]?.[0]).toContain('id=ses-3');
  });

  it.each([
    ['sk', 'Posledná aktivita', /^20\.\u00a011\.\u00a02026, \d{1,2}:\d{2}$/],
    ['cs', 'Poslední aktivita', /^20\.\u00a011\.\u00a02026 \d{1,2}:\d{2}$/],
    ['en', 'Last activity', /^Nov\u00a020,\u00a02026, \d{1,2}:\d{2}[\u00a0\u202f][AP]M$/],
  ] as const)(
    'keeps the date and the time each on one line in %s: a narrow screen breaks a line between them only',
    async (locale, label, shown) => {
      stubServer(fullOverview());
      renderWithProviders(<SecurityPage {...PAGE} />, locale);
      const sessions = await screen.findAllByText((text) => text.startsWith(label));
      for (const session of sessions) expect(session.textContent!.slice(label.length + 1)).toMatch(shown);
    },
  );

  it('still shows the page when a time is beyond what a date can hold', async () => {
    const overview = fullOverview();
    overview.sessions[1] = { ...overview.sessions[1]!, lastActiveAt: 8.64e15 + 1 };
    stubServer(overview);
    renderWithProviders(<SecurityPage {...PAGE} />);
    expect(await screen.findByText('Last activity Invalid Date')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-in and security' })).toBeTruthy();
  });

  it('says so when there is nothing to list, in Slovak by default', async () => {
    stubServer({
      status: 'ok',
      passkeys: [],
      devices: [],
      sessions: [{ id: 's', userAgent: null, signedInAt: AT, lastActiveAt: AT, current: true }],
      signIns: [],
      reauthRequired: false,
      canAddPasskey: true,
    });
    renderWithProviders(<SecurityPage {...PAGE} />, 'sk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prihlásenie a zabezpečenie' })).toBeTruthy();
    // The heading is there while the overview loads: the lists come with its answer.
    expect(
      await screen.findByText('Nemáte žiadny prístupový kľúč. Prihlasujete sa heslom a PIN kódom z e-mailu.'),
    ).toBeTruthy();
    expect(screen.getByText('Žiadne zariadenie vás neprihlási bez PIN kódu.')).toBeTruthy();
    expect(screen.getByText('Váš účet je prihlásený iba tu.')).toBeTruthy();
    expect(screen.getByText('Zatiaľ nie je zaznamenané žiadne prihlásenie.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Odhlásiť všetky ostatné relácie' })).toBeNull();
  });

  it('renames a passkey in a dialog, refusing a blank name, and announces the new name', async () => {
    const fetch = stubServer(fullOverview());
    renderWithProviders(<SecurityPage {...PAGE} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Kitchen phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the passkey' });
    const field = within(dialog).getByLabelText('Name');
    await userEvent.clear(field);
    await userEvent.type(field, '   {Enter}');
    expect(await within(dialog).findByText('Enter a name of 1 to 60 characters.')).toBeTruthy();
    expect(calls(fetch, 'POST /api/account/passkey/name')).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, 'Babička’s tablet{Enter}');
    await expectAnnounced('The passkey is now called “Babička’s tablet”.', 'polite');
    expect(await screen.findByText('Babička’s tablet')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks of a passkey without a name by its date in the removal sentences, in Slovak', async () => {
    const fetch = stubServer(fullOverview());
    renderWithProviders(<SecurityPage {...PAGE} />, 'sk');
    await userEvent.click(await screen.findByRole('button', { name: 'Odstrániť Prístupový kľúč z 20. 11. 2026' }));
    const confirm = await screen.findByRole('dialog', { name: 'Odstrániť prístupový kľúč?' });
    expect(
      within(confirm).getByText(
        'Kľúčom z 20. 11. 2026 sa už neprihlásite. Prihlásiť sa môžete aj naďalej heslom a PIN kódom.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Odstrániť' }));
    await expectAnnounced('Prístupový kľúč z 20. 11. 2026 bol odstránený.', 'polite');
    expect(calls(fetch, 'DELETE /api/account/passkey')).toHaveLength(1);
  });

  it('asks for the password when the removal needs it, says a wrong one, then removes and puts focus on the section heading', async () => {
    const fetch = stubServer(fullOverview(), { reauthFirst: true });
    renderWithProviders(<SecurityPage {...PAGE} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Kitchen phone' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the passkey?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = within(reauth).getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await userEvent.type(password, 'Wrong-Horse-1{Enter}');
    await expectAnnounced('The password is not correct.');
    expect(calls(fetch, 'DELETE /api/account/passkey')).toHaveLength(1);
    await userEvent.type(within(reauth).getByLabelText('Password'), 'Correct-Horse-7{Enter}');
    await expectAnnounced('The passkey “Kitchen phone” has been removed.', 'polite');
    expect(screen.queryByText('Kitchen phone')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Passkeys' })),
    );
    expect(calls(fetch, 'DELETE /api/account/passkey')).toHaveLength(2);
  });

  it('says an empty password once where the person is, and returns to the removal button when the dialog is closed', async () => {
    const fetch = stubServer(fullOverview(), { reauthFirst: true });
    renderWithProviders(<SecurityPage {...PAGE} />, 'sk');
    const remove = await screen.findByRole('button', { name: 'Odstrániť Kitchen phone' });
    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Odstrániť prístupový kľúč?' })).getByRole('button', {
        name: 'Odstrániť',
      }),
    );
    const reauth = await screen.findByRole('dialog', { name: 'Potvrďte, že ste to vy' });
    const password = within(reauth).getByLabelText('Heslo');
    await waitFor(() => expect(document.activeElement).toBe(password));
    // Enter in the empty field: said, focus stays; nothing sent.
    await userEvent.keyboard('{Enter}');
    await expectAnnounced('Zadajte heslo.', 'assertive');
    expect(document.activeElement).toBe(password);
    expect(calls(fetch, 'POST /api/account/reauth')).toHaveLength(0);
    // Escape: nothing removed, focus back on the button that started it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(screen.getByText('Kitchen phone')).toBeTruthy();
  });

  it('lets a passkey stand for the password: a closed prompt is said and changes nothing, a used one lets the removal through', async () => {
    let attempts = 0;
    let closePrompt = () => {};
    const webauthn = stubWebAuthn({
      get: async () => {
        attempts += 1;
        if (attempts === 1) {
          // The first prompt stays open until the person closes it.
          await new Promise<void>((resolve) => (closePrompt = resolve));
          throw domError('NotAllowedError');
        }
        const { fakeAssertion } = await import('../../shared/passkeys/webauthn-test-kit');
        return fakeAssertion('key-1');
      },
    });
    const fetch = stubServer(fullOverview(), { reauthFirst: true });
    renderWithProviders(<SecurityPage {...PAGE} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Kitchen phone' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove the passkey?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const usePasskey = within(reauth).getByRole('button', { name: 'Use a passkey instead' });
    await userEvent.click(usePasskey);
    // While the prompt is open the button is busy but not disabled: a disabled button loses focus.
    await waitFor(() => expect(usePasskey.getAttribute('aria-disabled')).toBe('true'));
    await waitFor(() => expect(attempts).toBe(1));
    expect(usePasskey.hasAttribute('disabled')).toBe(false);
    closePrompt();
    await expectAnnounced('The passkey was not used. Try again, or enter your password.', 'polite');
    // The person is where they were: on the button (it was not disabled under them while it ran).
    expect(document.activeElement).toBe(usePasskey);
    expect(calls(fetch, 'POST /api/account/reauth/passkey')).toHaveLength(0);
    expect(screen.getByText('Kitchen phone')).toBeTruthy();
    await userEvent.click(within(reauth).getByRole('button', { name: 'Use a passkey instead' }));
    await expectAnnounced('The passkey “Kitchen phone” has been removed.', 'polite');
    expect(calls(fetch, 'POST /api/account/reauth/passkey')).toHaveLength(1);
    expect(webauthn.modalRequests()).toHaveLength(2);
    expect(calls(fetch, 'POST /api/account/reauth')).toHaveLength(0);
  });

  it('opens the password dialog of a later removal without the earlier word on a passkey that was not used', async () => {
    stubWebAuthn({ get: async () => Promise.reject(domError('NotAllowedError')) });
    stubServer(fullOverview(), { reauthFirst: true, proofLastsOneChange: true });
    renderWithProviders(<SecurityPage {...PAGE} />);
    const removeWithPassword = async (name: string) => {
      await userEvent.click(await screen.findByRole('button', { name: `Remove ${name}` }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Remove the passkey?' })).getByRole('button', {
          name: 'Remove',
        }),
      );
      return screen.findByRole('dialog', { name: 'Confirm it is you' });
    };
    const first = await removeWithPassword('Kitchen phone');
    await userEvent.click(within(first).getByRole('button', { name: 'Use a passkey instead' }));
    const notUsed = 'The passkey was not used. Try again, or enter your password.';
    await expectAnnounced(notUsed, 'polite');
    expect(within(first).getByText(notUsed)).toBeTruthy();
    await userEvent.type(within(first).getByLabelText('Password'), 'Correct-Horse-7{Enter}');
    await expectAnnounced('The passkey “Kitchen phone” has been removed.', 'polite');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The next removal asks for the password again: the dialog starts afresh.
    const second = await removeWithPassword('Passkey from Nov 20, 2026');
    expect(within(second).queryByText(notUsed)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(second).getByLabelText('Password')));
  });

  it('adds a passkey with the keyboard: the password first when the proof is old, then the prompt; announced, focus kept on the button', async () => {
    const webauthn = stubWebAuthn();
    const fetch = stubServer(fullOverview(), { reauthFirst: true });
    renderWithProviders(<SecurityPage {...PAGE} />);
    const add = await screen.findByRole('button', { name: 'Add a passkey' });
    add.focus();
    await userEvent.keyboard('{Enter}');
    const reauth = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // The dialog is described by why it asks.
    expect(document.getElementById(reauth.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'For your safety, enter your password before a passkey is added.',
    );
    expect(webauthn.create).not.toHaveBeenCalled();
    const password = within(reauth).getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await userEvent.type(password, 'Wrong-Horse-1{Enter}');
    await expectAnnounced('The password is not correct.');
    await userEvent.type(within(reauth).getByLabelText('Password'), 'Correct-Horse-7{Enter}');
    await expectAnnounced('The passkey has been added. Next time you can sign in with it.', 'polite');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(webauthn.create).toHaveBeenCalledTimes(1);
    expect(calls(fetch, 'POST /api/webauthn/create')).toHaveLength(1);
    const passkeys = screen.getByRole('region', { name: 'Passkeys' });
    expect(within(passkeys).getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a passkey' })));
  });

  it('adds a passkey at once within the time of the password; a closed prompt says nothing, a device that has one says so', async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(domError('NotAllowedError'));
    const webauthn = stubWebAuthn({ create: () => answer() });
    const fetch = stubServer(fullOverview());
    renderWithProviders(<SecurityPage {...PAGE} />);
    const add = await screen.findByRole('button', { name: 'Add a passkey' });
    await userEvent.click(add);
    await waitFor(() => expect(webauthn.create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(add.getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
    expect(calls(fetch, 'POST /api/webauthn/create')).toHaveLength(0);

    answer = () => Promise.reject(domError('InvalidStateError'));
    await userEvent.click(add);
    await expectAnnounced('This device already has a passkey for your account.', 'polite');
    expect(document.activeElement).toBe(add);
    expect(calls(fetch, 'POST /api/webauthn/create')).toHaveLength(0);
    expect(within(screen.getByRole('region', { name: 'Passkeys' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers no new passkey on a shared computer or in a browser without passkeys', async () => {
    stubWebAuthn();
    stubServer({ ...fullOverview(), canAddPasskey: false });
    const { unmount } = renderWithProviders(<SecurityPage {...PAGE} />);
    await screen.findByRole('region', { name: 'Passkeys' });
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    unmount();
    removeWebAuthn();
    vi.unstubAllGlobals();
    stubServer(fullOverview());
    renderWithProviders(<SecurityPage {...PAGE} />);
    await screen.findByRole('region', { name: 'Passkeys' });
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('revokes a device and signs out the other sessions, announcing each and keeping focus on the section', async () => {
    const fetch = stubServer(fullOverview());
    renderWithProviders(<SecurityPage {...PAGE} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Mobile Chrome Android 14' }));
    await expectAnnounced('Mobile Chrome Android 14 will ask for a PIN at the next sign-in.', 'polite');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Trusted devices' })),
    );
    expect(calls(fetch, 'DELETE /api/account/device')[0]?.[0]).toContain('id=dev-2');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await expectAnnounced('Every other session has been signed out.', 'polite');
    expect(await screen.findByText('You are signed in only here.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Where you are signed in' })),
    );
  });

  it('says when a revocation gets no answer, keeping focus on its button and the device listed', async () => {
    const fetch = stubServer(fullOverview());
    renderWithProviders(<SecurityPage {...PAGE} />);
    const revoke = await screen.findByRole('button', { name: 'Revoke Mobile Chrome Android 14' });
    let fail: (error: Error) => void = () => undefined;
    fetch.mockImplementationOnce(() => new Promise<Response>((_, reject) => (fail = reject)));
    revoke.focus();
    await userEvent.keyboard('{Enter}');
    // While the call runs the button shows it, keeps focus, and a second press does nothing.
    await waitFor(() => expect(revoke.getAttribute('aria-busy')).toBe('true'));
    expect(document.activeElement).toBe(revoke);
    await userEvent.keyboard('{Enter}');
    fail(new TypeError('Failed to fetch'));
    await expectAnnounced('That did not work. Try again.');
    expect(document.activeElement).toBe(revoke);
    expect(revoke.getAttribute('aria-busy')).toBeNull();
    expect(calls(fetch, 'DELETE /api/account/device')).toHaveLength(1);
  });

  it('sends a session that is no longer signed in to sign-in', async () => {
    stubServer({ status: 'failed', reasons: ['credentials_required'] } as SecurityOverviewAnswer);
    const onGuest = vi.fn();
    renderWithProviders(<SecurityPage {...PAGE} onGuest={onGuest} />);
    await waitFor(() => expect(onGuest).toHaveBeenCalledTimes(1));
  });

  it('offers to try again when the overview cannot be loaded', async () => {
    const fetch = stubServer(fullOverview());
    fetch.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<SecurityPage {...PAGE} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Passkeys' })).toBeTruthy();
  });

  it('mails a link to choose a new password to the account, says where it went and for how long, and keeps focus on the button', async () => {
    const fetch = stubServer(fullOverview());
    renderWithProviders(<SecurityPage {...PAGE} />, 'sk');
    const section = await screen.findByRole('region', { name: 'Heslo' });
    expect(
      within(section).getByText(
        wholeText(
          `Nové heslo si nastavíte odkazom, ktorý vám pošleme na ${EMAIL}. Nastavením nového hesla sa odhlásite na všetkých zariadeniach.`,
        ),
      ),
    ).toBeTruthy();
    // The advice under the latest sign-ins points here, not to a sign-in page a signed-in person cannot reach.
    expect(screen.getByText(/a nižšie si zmeňte heslo\.$/)).toBeTruthy();
    const send = within(section).getByRole('button', { name: 'Poslať odkaz na zmenu hesla' });
    send.focus();
    await userEvent.keyboard('{Enter}');
    const sent = `Odkaz sme poslali na ${EMAIL}. Odkaz platí 60 minút.`;
    await expectAnnounced(sent, 'polite');
    expect(within(section).getByText(wholeText(sent))).toBeTruthy();
    expect(document.activeElement).toBe(send);
    expect(calls(fetch, 'POST /api/user/forgotpassword').map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { email: EMAIL },
    ]);
    // Another press sends another link.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls(fetch, 'POST /api/user/forgotpassword')).toHaveLength(2));
  });

  it('says when the password link could not be sent, and does not claim it was', async () => {
    const fetch = stubServer(fullOverview());
    renderWithProviders(<SecurityPage {...PAGE} resetLinkMinutes={null} />);
    const send = await screen.findByRole('button', { name: 'Send a link to change my password' });
    fetch.mockImplementationOnce(async () => jsonResponse({ status: 'failed', reasons: ['app_error'] }));
    send.focus();
    await userEvent.keyboard('{Enter}');
    await expectAnnounced('That did not work. Try again.');
    expect(document.activeElement).toBe(send);
    expect(screen.queryByText(/We have sent the link/)).toBeNull();
    // Sent on the next press; without a validity from the server the sentence says only where.
    await userEvent.keyboard('{Enter}');
    await expectAnnounced(`We have sent the link to ${EMAIL}.`, 'polite');
  });
});
