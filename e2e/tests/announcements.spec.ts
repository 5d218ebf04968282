// Every failure reason of every call the app makes is told to the person, exactly once: by focus
// on what describes it (the field in error, the form's notice, the new screen's heading) or by the
// page's assertive live region (docs/decisions/0010-focus-and-announcements.md). The real app runs
// in Chromium; only the answer of the call under test is replaced (page.route), so every reason
// the contract lists can be given, also those the reference server only gives when it breaks.
import type { Page, Route } from '@playwright/test';
import { ENDPOINTS } from '@gatehouse/contract';
import { expect, expectNoAxeViolations, renderInBrowser, test, text, type Locale } from '../fixtures.ts';
import { announcements, expectScreen, expectToldOnce, recordAnnouncements, shown } from '../people.ts';

type Answer = { json: unknown; status?: number; headers?: Record<string, string> } | 'no answer';

/** How the person learns of the failure. */
type Outcome =
  /** A message on the form: focus on the field or notice that shows it, or said by the assertive region. */
  | { told: string; values?: Record<string, string | number> }
  /** A screen of its own (blocked, disabled, expired link, error page): its heading takes focus. */
  | { screen: string; shows?: string; values?: Record<string, string | number> }
  /** The page's first screen (the link just opened): the document title names it. */
  | { pageTitle: string; heading: string }
  /** The answer to a submit sends the person back to the sign-in form, which says why. */
  | { backToSignIn: string }
  /** Signed out meanwhile: the sign-in page opens (a new page load), and it leads back to `back` afterwards. */
  | { signInThenBack: string }
  /** A dialog of its own opens (it asks for more): focus is inside it, its title names it, its text says why. */
  | { dialog: string; shows: string }
  /** Nothing went wrong for the person (they are signed in, or leaving anyway); why, for the reader. */
  | { quiet: string };

interface Case {
  call: string;
  reason: string;
  answer: Answer;
  /** Where the call is made: sets up the page and makes the call, with the answer given. */
  at: Starter;
  outcome: Outcome;
  /** The page's language when it cannot be the person's: without user info the app speaks Slovak, its fallback. */
  lang?: Locale;
}

const failed = (reason: string, extra: Record<string, unknown> = {}): Answer => ({
  json: { status: 'failed', reasons: [reason], ...extra },
});
const json = (body: unknown): Answer => ({ json: body });

function fulfil(route: Route, answer: Answer) {
  if (answer === 'no answer') return route.abort('connectionreset');
  return route.fulfill({ status: answer.status ?? 200, json: answer.json, headers: answer.headers });
}

/** Answers `method path` with `answer` (once per call). */
async function answerCall(page: Page, method: string, path: string, answer: Answer) {
  await page.route(`**${path}*`, (route) =>
    route.request().method() === method ? fulfil(route, answer) : route.fallback(),
  );
}

const ACCOUNT = { email: 'jana.novakova@example.test', password: 'Secret-1234' };
const PIN_STEP = json({ status: 'requested_pin_code', email: ACCOUNT.email });
const ATTEMPTS = json({ status: 'ok', pin_code_remaining_attempts: 5, pin_code_remaining_silent_attempts: 2 });
const TOKEN_OK = json({ status: 'ok' });
const GET_OPTIONS = json({
  status: 'ok',
  getStructure: {
    challenge: 'Y2hhbGxlbmdl',
    timeout: 60000,
    relyingPartyId: 'localhost',
    userVerification: 'required',
    allowCredentials: [],
  },
  timeout: 300,
});

/**
 * WebAuthn at the browser's boundary: a modal request resolves with an assertion or attestation
 * (what an authenticator would give), a conditional one waits. Everything above runs for real.
 */
async function fakeAuthenticator(page: Page) {
  await page.addInitScript(() => {
    const bytes = (value: string) => new TextEncoder().encode(value).buffer;
    const credential = (response: Record<string, unknown>) => ({
      id: 'Y3JlZC0x',
      rawId: bytes('cred-1'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response,
      getClientExtensionResults: () => ({}),
      toJSON: undefined,
    });
    const pending = (signal?: AbortSignal | null) =>
      new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    Object.defineProperty(navigator, 'credentials', {
      value: {
        get: (options: CredentialRequestOptions) =>
          options.mediation === 'conditional'
            ? pending(options.signal)
            : Promise.resolve(
                credential({
                  clientDataJSON: bytes('client-data'),
                  authenticatorData: bytes('auth-data'),
                  signature: bytes('signature'),
                  userHandle: bytes('user'),
                }),
              ),
        create: () =>
          Promise.resolve(
            credential({
              clientDataJSON: bytes('client-data'),
              attestationObject: bytes('attestation'),
              getTransports: () => ['internal'],
              getPublicKey: () => bytes('public-key'),
              getPublicKeyAlgorithm: () => -7,
              getAuthenticatorData: () => bytes('auth-data'),
            }),
          ),
      },
    });
  });
}

type Starter = (page: Page, lang: Locale, answer: Answer) => Promise<void>;

async function fillLogin(page: Page, lang: Locale) {
  await page.getByLabel(text(lang, 'signIn.login.email'), { exact: true }).fill(ACCOUNT.email);
  await page.getByLabel(text(lang, 'signIn.login.password'), { exact: true }).fill(ACCOUNT.password);
}

const login: Starter = async (page, lang, answer) => {
  await answerCall(page, 'POST', '/api/user/login', answer);
  await page.goto('/signin/');
  await fillLogin(page, lang);
  await page.getByRole('button', { name: text(lang, 'signIn.login.submit'), exact: true }).click();
};

async function toPin(page: Page, lang: Locale, step: Answer = PIN_STEP) {
  await answerCall(page, 'POST', '/api/user/login', step);
  await page.goto('/signin/');
  await fillLogin(page, lang);
  await page.getByRole('button', { name: text(lang, 'signIn.login.submit'), exact: true }).click();
  await expectScreen(
    page,
    text(
      lang,
      step !== 'no answer' && (step.json as { status: string }).status === 'requested_pin_code'
        ? 'signIn.pin.title'
        : 'signIn.pin.recheckTitle',
    ),
  );
}

const pinSubmit: Starter = async (page, lang, answer) => {
  await answerCall(page, 'GET', '/api/user/pincode', ATTEMPTS);
  await answerCall(page, 'POST', '/api/user/pincode', answer);
  await toPin(page, lang);
  await page.getByLabel(text(lang, 'signIn.pin.label'), { exact: true }).fill('ABC234');
  await page.getByRole('button', { name: text(lang, 'signIn.pin.submit'), exact: true }).click();
};

const pinAttempts: Starter = async (page, lang, answer) => {
  await answerCall(page, 'GET', '/api/user/pincode', answer);
  await answerCall(page, 'POST', '/api/user/login', PIN_STEP);
  await page.goto('/signin/');
  await fillLogin(page, lang);
  await page.getByRole('button', { name: text(lang, 'signIn.login.submit'), exact: true }).click();
};

const pinSkip: Starter = async (page, lang, answer) => {
  await answerCall(page, 'GET', '/api/user/pincode', ATTEMPTS);
  await answerCall(page, 'POST', '/api/user/pincode/skip', answer);
  await toPin(page, lang, json({ status: 'pin_code_recheck_required', email: ACCOUNT.email }));
  await page.getByRole('button', { name: text(lang, 'signIn.snackbar.recheckSkip.action') }).click();
};

const forgot: Starter = async (page, lang, answer) => {
  await answerCall(page, 'POST', '/api/user/forgotpassword', answer);
  await page.goto('/signin/');
  await page.getByRole('button', { name: text(lang, 'signIn.login.forgotPassword') }).click();
  // A press just after the app took the page over is done once the browser is idle (the boot
  // script's hold): the person fills the form they see, the login form's e-mail has the same label.
  await expectScreen(page, text(lang, 'signIn.forgot.title'));
  await page.getByLabel(text(lang, 'signIn.forgot.email'), { exact: true }).fill(ACCOUNT.email);
  await page.getByRole('button', { name: text(lang, 'signIn.forgot.submit') }).click();
};

const tokenInfo =
  (route: 'reset-password' | 'accept-invitation'): Starter =>
  async (page, _lang, answer) => {
    // The link's check as the app makes it (the server's own check would find no such link).
    await renderInBrowser(page);
    await answerCall(page, 'GET', '/api/token/info', answer);
    await page.goto(`/signin/${route}?token=t0k3n`);
  };

const setPassword =
  (route: 'reset-password' | 'accept-invitation'): Starter =>
  async (page, lang, answer) => {
    // A live link as the app's own check is told (the server's would find no such link).
    await renderInBrowser(page);
    await answerCall(page, 'GET', '/api/token/info', TOKEN_OK);
    await answerCall(
      page,
      'POST',
      route === 'reset-password' ? '/api/user/resetpassword' : '/api/user/register',
      answer,
    );
    await page.goto(`/signin/${route}?token=t0k3n`);
    if (route === 'accept-invitation')
      await page.getByRole('button', { name: text(lang, 'registration.welcome.continue') }).click();
    await page.getByLabel(text(lang, 'setPassword.password'), { exact: true }).fill('Fresh-Start-2026');
    await page.getByLabel(text(lang, 'setPassword.password2'), { exact: true }).fill('Fresh-Start-2026');
    await page
      .getByRole('button', {
        name: text(lang, route === 'reset-password' ? 'reset.submit' : 'registration.setPassword.submit'),
      })
      .click();
  };

const newToken =
  (route: 'reset-password' | 'accept-invitation'): Starter =>
  async (page, lang, answer) => {
    const area = route === 'reset-password' ? 'reset' : 'registration';
    await answerCall(page, 'POST', '/api/user/forgotpassword', answer);
    await page.goto(`/signin/${route}`);
    await page.getByRole('button', { name: text(lang, `${area}.expired.newToken`) }).click();
    await page.getByLabel(text(lang, `${area}.newToken.email`), { exact: true }).fill(ACCOUNT.email);
    await page.getByRole('button', { name: text(lang, `${area}.newToken.submit`) }).click();
  };

const passkeyOptions: Starter = async (page, lang, answer) => {
  await fakeAuthenticator(page);
  await answerCall(page, 'GET', '/api/webauthn/get', answer);
  await page.goto('/signin/');
  await page.getByRole('button', { name: text(lang, 'signIn.passkey.button') }).click();
};

const passkeySignIn: Starter = async (page, lang, answer) => {
  await fakeAuthenticator(page);
  await answerCall(page, 'GET', '/api/webauthn/get', GET_OPTIONS);
  await answerCall(page, 'POST', '/api/webauthn/get', answer);
  await page.goto('/signin/');
  await page.getByRole('button', { name: text(lang, 'signIn.passkey.button') }).click();
};

/** Signed in after the PIN; the passkey offer follows. */
async function toOffer(page: Page, lang: Locale) {
  await fakeAuthenticator(page);
  await answerCall(page, 'GET', '/api/webauthn/offer', json({ offerWebauthnRegistration: true }));
  await answerCall(page, 'POST', '/api/user/login', json({ status: 'ok' }));
  await page.goto('/signin/');
  await fillLogin(page, lang);
  await page.getByRole('button', { name: text(lang, 'signIn.login.submit'), exact: true }).click();
  await expectScreen(page, text(lang, 'signIn.passkeyOffer.title'));
}

const offerCreateOptions: Starter = async (page, lang, answer) => {
  await answerCall(page, 'GET', '/api/webauthn/create', answer);
  await toOffer(page, lang);
  await page.getByRole('button', { name: text(lang, 'signIn.passkeyOffer.activate'), exact: true }).click();
};

/** GET /api/webauthn/create's options, as the server gives them. */
const CREATE_OPTIONS = json({
  status: 'ok',
  createStructure: {
    challenge: 'Y2hhbGxlbmdl',
    relyingPartyId: 'localhost',
    relyingPartyName: 'Gatehouse',
    userId: 'dXNlcg',
    userName: ACCOUNT.email,
    userDisplayName: 'Jana Nováková',
    timeout: 60000,
    attestation: 'none',
    attestationFormats: [],
    COSEAlgorithmIdentifiers: [-7],
    requireResidentKey: true,
    userVerification: 'required',
    excludeCredentials: [],
  },
});

const offerCreate: Starter = async (page, lang, answer) => {
  await answerCall(page, 'GET', '/api/webauthn/create', CREATE_OPTIONS);
  await answerCall(page, 'POST', '/api/webauthn/create', answer);
  await toOffer(page, lang);
  await page.getByRole('button', { name: text(lang, 'signIn.passkeyOffer.activate'), exact: true }).click();
};

const pairDevice: Starter = async (page, lang, answer) => {
  await answerCall(page, 'POST', '/api/user/newdevice', answer);
  await setPassword('accept-invitation')(page, lang, json({ status: 'ok' }));
  await expectScreen(page, text(lang, 'registration.pairDevice.title'));
  await page.getByRole('button', { name: text(lang, 'registration.pairDevice.pair') }).click();
};

/** The account list of a device that remembers Jana, with `path` answered by `answer` on DELETE. */
async function toAccountList(page: Page, lang: Locale, path: string, answer: Answer) {
  const users = [{ userId: 'u1', email: ACCOUNT.email, firstName: 'Jana', surname: 'Nováková', loginName: 'jana' }];
  // The remembered account is answered to the app's own start-up call.
  await renderInBrowser(page);
  await answerCall(page, 'GET', '/api/device/userlist', json({ status: 'ok', users }));
  await answerCall(page, 'DELETE', path, answer);
  await page.goto('/signin/');
  await page.getByRole('button', { name: text(lang, 'signIn.rememberedForm.back', { email: ACCOUNT.email }) }).click();
}

const removeRemembered: Starter = async (page, lang, answer) => {
  await toAccountList(page, lang, '/api/device/userlist', answer);
  await page.getByRole('button', { name: text(lang, 'signIn.remembered.options', { name: 'Jana Nováková' }) }).click();
  await page.getByRole('menuitem', { name: text(lang, 'signIn.remembered.remove') }).click();
};

const forgetAllRemembered: Starter = async (page, lang, answer) => {
  await toAccountList(page, lang, '/api/device/userlist/all', answer);
  await page.getByRole('button', { name: text(lang, 'signIn.remembered.forgetAll') }).click();
};

const signOut: Starter = async (page, lang, answer) => {
  await answerCall(
    page,
    'GET',
    '/api/user/info',
    json({
      status: 'ok',
      guest: false,
      language: lang,
      user: { id: 'u1', email: ACCOUNT.email, firstName: 'Jana', surname: 'Nováková' },
    }),
  );
  await answerCall(page, 'POST', '/api/user/logout', answer);
  await page.goto('/');
  await page.getByRole('button', { name: text(lang, 'legacy.signOut') }).click();
};

// The "Sign-in and security" page (docs/decisions/0114-security-page.md), signed in as Jana, with
// one passkey, one trusted device, this session and one other.
const MOMENT = Date.UTC(2026, 10, 2, 9, 30);
const PASSKEY = { id: 'cGFzc2tleS0x', name: 'Telefón', synced: true, createdAt: MOMENT, lastUsedAt: MOMENT };
const OVERVIEW = json({
  status: 'ok',
  passkeys: [PASSKEY],
  devices: [{ id: 'device-1', name: 'Firefox Linux', trustedAt: MOMENT, lastUsedAt: MOMENT, current: false }],
  sessions: [
    { id: 'session-here', userAgent: null, signedInAt: MOMENT, lastActiveAt: MOMENT, current: true },
    { id: 'session-other', userAgent: null, signedInAt: MOMENT, lastActiveAt: MOMENT, current: false },
  ],
  signIns: [{ at: MOMENT, method: 'password_pin', userAgent: null, thisDevice: true }],
  reauthRequired: false,
  canAddPasskey: true,
});
const signedInInfo = (lang: Locale) =>
  json({
    status: 'ok',
    guest: false,
    language: lang,
    user: { id: 'u1', email: ACCOUNT.email, firstName: 'Jana', surname: 'Nováková' },
  });

/** The security page of a signed-in session: user info says signed in once, then guest (after the page sent the person to sign-in). */
const securityOverview: Starter = async (page, lang, answer) => {
  // Signed in as far as the app's own start-up call is told.
  await renderInBrowser(page);
  let infoCalls = 0;
  await page.route('**/api/user/info*', (route) => {
    infoCalls += 1;
    return fulfil(route, infoCalls === 1 ? signedInInfo(lang) : json({ status: 'ok', guest: true, language: lang }));
  });
  await answerCall(page, 'GET', '/api/account/security', answer);
  await page.goto('/signin/security');
};

async function toSecurityPage(page: Page, lang: Locale) {
  await securityOverview(page, lang, OVERVIEW);
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'security.title') })).toBeVisible();
}

/** A button of the security page's lists, named with the item ({name}). */
const securityAction =
  (method: string, path: string, label: string, name: string): Starter =>
  async (page, lang, answer) => {
    await answerCall(page, method, path, answer);
    await toSecurityPage(page, lang);
    await page
      .getByRole('button', { name: text(lang, label, { name: name.startsWith('device.') ? text(lang, name) : name }) })
      .click();
  };

const securityOthers =
  (path: string, label: string): Starter =>
  async (page, lang, answer) => {
    await answerCall(page, 'DELETE', path, answer);
    await toSecurityPage(page, lang);
    await page.getByRole('button', { name: text(lang, label) }).click();
  };

const renamePasskey: Starter = async (page, lang, answer) => {
  await answerCall(page, 'POST', '/api/account/passkey/name', answer);
  await toSecurityPage(page, lang);
  await page.getByRole('button', { name: text(lang, 'security.passkeys.renameNamed', { name: PASSKEY.name }) }).click();
  const field = page.getByLabel(text(lang, 'security.passkeys.nameLabel'), { exact: true });
  await field.fill('Telefón Jany');
  await field.press('Enter');
};

/** Remove the passkey and confirm; DELETE /api/account/passkey answers `answer`. */
const removePasskey: Starter = async (page, lang, answer) => {
  await answerCall(page, 'DELETE', '/api/account/passkey', answer);
  await toSecurityPage(page, lang);
  await page.getByRole('button', { name: text(lang, 'security.passkeys.removeNamed', { name: PASSKEY.name }) }).click();
  await page.getByRole('button', { name: text(lang, 'security.passkeys.remove'), exact: true }).click();
};

/** The removal asked for the password again: its dialog. */
async function toReauth(page: Page, lang: Locale) {
  await fakeAuthenticator(page);
  await removePasskey(page, lang, failed('reauth_required'));
  await expect(page.getByRole('dialog', { name: text(lang, 'security.reauth.title') })).toBeVisible();
}

const reauthPassword: Starter = async (page, lang, answer) => {
  await answerCall(page, 'POST', '/api/account/reauth', answer);
  await toReauth(page, lang);
  // In the dialog: the page behind it has a section named "Password" too.
  const password = page.getByRole('dialog').getByLabel(text(lang, 'security.reauth.password'), { exact: true });
  await password.fill(ACCOUNT.password);
  await password.press('Enter');
};

const reauthPasskeyOptions: Starter = async (page, lang, answer) => {
  await answerCall(page, 'GET', '/api/account/reauth/passkey', answer);
  await toReauth(page, lang);
  await page.getByRole('button', { name: text(lang, 'security.reauth.usePasskey') }).click();
};

const reauthPasskey: Starter = async (page, lang, answer) => {
  await answerCall(page, 'GET', '/api/account/reauth/passkey', GET_OPTIONS);
  await answerCall(page, 'POST', '/api/account/reauth/passkey', answer);
  await toReauth(page, lang);
  await page.getByRole('button', { name: text(lang, 'security.reauth.usePasskey') }).click();
};

/** "Add a passkey" on the security page; GET (or, with `options` given, POST) /api/webauthn/create answers `answer`. */
const addPasskey =
  (step: 'options' | 'save'): Starter =>
  async (page, lang, answer) => {
    await fakeAuthenticator(page);
    if (step === 'options') await answerCall(page, 'GET', '/api/webauthn/create', answer);
    else {
      await answerCall(page, 'GET', '/api/webauthn/create', CREATE_OPTIONS);
      await answerCall(page, 'POST', '/api/webauthn/create', answer);
    }
    await toSecurityPage(page, lang);
    await page.getByRole('button', { name: text(lang, 'security.passkeys.add') }).click();
  };

/** The same, from a session that has ended meanwhile: the overview read after the refusal says so. */
const addPasskeySignedOut: Starter = async (page, lang, answer) => {
  await fakeAuthenticator(page);
  await answerCall(page, 'GET', '/api/webauthn/create', answer);
  await renderInBrowser(page);
  let infoCalls = 0;
  await page.route('**/api/user/info*', (route) => {
    infoCalls += 1;
    return fulfil(route, infoCalls === 1 ? signedInInfo(lang) : json({ status: 'ok', guest: true, language: lang }));
  });
  let overviewCalls = 0;
  await page.route('**/api/account/security*', (route) => {
    overviewCalls += 1;
    return fulfil(route, overviewCalls === 1 ? OVERVIEW : failed('credentials_required'));
  });
  await page.goto('/signin/security');
  await page.getByRole('button', { name: text(lang, 'security.passkeys.add') }).click();
};

// The "Wasn't you?" mail's link (docs/decisions/0115-wasnt-you-mail.md).
const secureAccountInfo: Starter = async (page, _lang, answer) => {
  // The link's check as the app makes it (the server's own check would find no such link).
  await renderInBrowser(page);
  await answerCall(page, 'GET', '/api/user/secureaccount', answer);
  await page.goto('/signin/secure-account?token=t0k3n');
};

const secureAccount: Starter = async (page, lang, answer) => {
  // A live link as the app's own check is told (the server's would find no such link).
  await renderInBrowser(page);
  await answerCall(page, 'GET', '/api/user/secureaccount', TOKEN_OK);
  await answerCall(page, 'POST', '/api/user/secureaccount', answer);
  await page.goto('/signin/secure-account?token=t0k3n');
  await page.getByRole('button', { name: text(lang, 'secureAccount.confirm.submit') }).click();
};

/** A start-up call fails: only a page the browser renders itself makes it (the server's page carries the data). */
const startUp =
  (method: string, path: string): Starter =>
  async (page, _lang, answer) => {
    await renderInBrowser(page);
    await answerCall(page, method, path, answer);
    await page.goto('/signin/');
  };

const ERROR_PAGE: Outcome = { screen: 'app.error.internal.title', shows: 'app.error.internal.message' };
const ERROR_AT_LOAD: Outcome = { pageTitle: 'app.error.pageTitle', heading: 'app.error.internal.title' };
const QUIET_SIGNED_IN =
  'the person is signed in already: the sign-in goes on (at worst no trusted device, no offer next time)';

/** HTTP 429 with Retry-After: the global handler's snackbar says how long to wait. */
const TOO_MANY: Answer = {
  status: 429,
  json: { status: 'failed', reasons: ['too_many_requests'] },
  headers: { 'Retry-After': '42' },
};
const TOLD_WAIT: Outcome = { told: 'app.snackbar.tooManyRequests.seconds', values: { seconds: 42 } };
/** Back at the sign-in page (a new page load), which brings the person back after signing in. */
const TO_SIGN_IN: Outcome = { signInThenBack: '/signin/security' };

/**
 * One case for every reason of a security-page call: credentials_required goes to sign-in,
 * too_many_requests (HTTP 429) and service_busy (HTTP 503) are the global handler's and the page's
 * snackbar; `own` names the reasons the page tells in its own way; every other reason is a change
 * that did not go through (the snackbar).
 */
function securityCases(call: string, at: Starter, own: Partial<Record<string, Outcome>>): Case[] {
  const endpoint = ENDPOINTS.find((e) => e.id === call);
  if (!endpoint) throw new Error(`no call ${call}`);
  return endpoint.reasons.map((reason): Case => {
    if (reason === 'credentials_required') return { call, reason, answer: failed(reason), at, outcome: TO_SIGN_IN };
    if (reason === 'too_many_requests') return { call, reason, answer: TOO_MANY, at, outcome: TOLD_WAIT };
    if (reason === 'service_busy')
      return {
        call,
        reason,
        answer: { status: 503, json: { status: 'failed', reasons: [reason] } },
        at,
        outcome: { told: 'security.actionFailed' },
      };
    return { call, reason, answer: failed(reason), at, outcome: own[reason] ?? { told: 'security.actionFailed' } };
  });
}

const CASES: Case[] = [
  // POST /api/user/login
  {
    call: 'login',
    reason: 'username_required',
    answer: failed('username_required'),
    at: login,
    outcome: { told: 'validation.enterField', values: { field: 'field.email' } },
  },
  {
    call: 'login',
    reason: 'password_required',
    answer: failed('password_required'),
    at: login,
    outcome: { told: 'validation.enterField', values: { field: 'field.password' } },
  },
  {
    call: 'login',
    reason: 'credentials_required',
    answer: failed('credentials_required'),
    at: login,
    outcome: { told: 'signIn.notice.generic' },
  },
  {
    call: 'login',
    reason: 'invalid_credentials',
    answer: failed('invalid_credentials'),
    at: login,
    outcome: { told: 'signIn.notice.invalidCredentials' },
  },
  {
    call: 'login',
    reason: 'account_disabled',
    answer: failed('account_disabled', { email: ACCOUNT.email }),
    at: login,
    outcome: { screen: 'signIn.disabled.title', shows: 'signIn.disabled.body', values: { email: ACCOUNT.email } },
  },
  {
    call: 'login',
    reason: 'email_not_verified',
    answer: failed('email_not_verified', { email: ACCOUNT.email }),
    at: login,
    outcome: { told: 'signIn.notice.emailNotVerified' },
  },
  {
    call: 'login',
    reason: 'blocked',
    answer: failed('blocked', { email: ACCOUNT.email }),
    at: login,
    outcome: { screen: 'signIn.blocked.title', shows: 'signIn.blocked.pinBody' },
  },
  {
    call: 'login',
    reason: 'pin_code_mail_failed',
    answer: failed('pin_code_mail_failed'),
    at: login,
    outcome: { told: 'signIn.snackbar.pinMailFailed' },
  },
  { call: 'login', reason: 'app_error', answer: failed('app_error'), at: login, outcome: ERROR_PAGE },
  {
    call: 'login',
    reason: 'bot_check_failed',
    answer: failed('bot_check_failed'),
    at: login,
    outcome: { told: 'signIn.notice.botCheckFailed' },
  },
  {
    call: 'login',
    reason: '(no answer)',
    answer: 'no answer',
    at: login,
    outcome: { told: 'signIn.notice.serverError' },
  },
  {
    call: 'login',
    reason: '(HTTP 408)',
    answer: { status: 408, json: { status: 'failed', reasons: [] } },
    at: login,
    outcome: { told: 'app.snackbar.network' },
  },
  {
    call: 'login',
    reason: '(HTTP 429)',
    answer: {
      status: 429,
      json: { status: 'failed', reasons: ['too_many_requests'] },
      headers: { 'Retry-After': '42' },
    },
    at: login,
    outcome: { told: 'app.snackbar.tooManyRequests.seconds', values: { seconds: 42 } },
  },
  {
    call: 'login',
    reason: '(HTTP 503)',
    answer: { status: 503, json: { status: 'failed', reasons: ['service_busy'] } },
    at: login,
    outcome: { told: 'app.snackbar.serviceBusy' },
  },
  // GET /api/user/pincode (the attempts, read when the PIN form opens)
  {
    call: 'pinAttempts',
    reason: 'credentials_required',
    // The attempts answer always carries the counts (the contract's schema).
    answer: failed('credentials_required', { pin_code_remaining_attempts: 0, pin_code_remaining_silent_attempts: 0 }),
    at: pinAttempts,
    outcome: { backToSignIn: 'signIn.notice.generic' },
  },
  { call: 'pinAttempts', reason: 'app_error', answer: failed('app_error'), at: pinAttempts, outcome: ERROR_PAGE },
  // POST /api/user/pincode
  {
    call: 'pinSubmit',
    reason: 'pin_code_required',
    answer: failed('pin_code_required'),
    at: pinSubmit,
    outcome: { told: 'validation.enterCode' },
  },
  {
    call: 'pinSubmit',
    reason: 'missing_pin_code',
    answer: failed('missing_pin_code'),
    at: pinSubmit,
    outcome: { backToSignIn: 'signIn.notice.codeExpired' },
  },
  {
    call: 'pinSubmit',
    reason: 'wrong_pin_code',
    answer: failed('wrong_pin_code'),
    at: pinSubmit,
    outcome: { told: 'signIn.pin.invalid' },
  },
  {
    call: 'pinSubmit',
    reason: 'credentials_required',
    answer: failed('credentials_required'),
    at: pinSubmit,
    outcome: { backToSignIn: 'signIn.notice.generic' },
  },
  {
    call: 'pinSubmit',
    reason: 'blocked',
    answer: failed('blocked'),
    at: pinSubmit,
    outcome: { screen: 'signIn.blocked.title', shows: 'signIn.blocked.pinBody' },
  },
  { call: 'pinSubmit', reason: 'app_error', answer: failed('app_error'), at: pinSubmit, outcome: ERROR_PAGE },
  // POST /api/user/pincode/skip
  {
    call: 'pinSkip',
    reason: 'credentials_required',
    answer: failed('credentials_required'),
    at: pinSkip,
    outcome: { backToSignIn: 'signIn.notice.generic' },
  },
  { call: 'pinSkip', reason: 'app_error', answer: failed('app_error'), at: pinSkip, outcome: ERROR_PAGE },
  // POST /api/user/newdevice: after a PIN the person is signed in whatever it answers; on the registration route it is the pair-device step.
  {
    call: 'newDevice',
    reason: 'credentials_required',
    answer: failed('credentials_required'),
    at: pairDevice,
    outcome: { told: 'registration.pairDevice.failed' },
  },
  {
    call: 'newDevice',
    reason: 'invalid_parameter',
    answer: failed('invalid_parameter'),
    at: pairDevice,
    outcome: { told: 'registration.pairDevice.failed' },
  },
  {
    call: 'newDevice',
    reason: 'app_error',
    answer: failed('app_error'),
    at: pairDevice,
    outcome: { told: 'registration.pairDevice.failed' },
  },
  // POST /api/user/forgotpassword: the sign-in flow's form and the new-link forms of both recovery routes
  {
    call: 'forgotPassword',
    reason: 'missing_email',
    answer: failed('missing_email'),
    at: forgot,
    outcome: { told: 'validation.enterEmail' },
  },
  {
    call: 'forgotPassword',
    reason: 'incorrect_email',
    answer: failed('incorrect_email'),
    at: forgot,
    outcome: { told: 'validation.enterValidEmail' },
  },
  {
    call: 'forgotPassword',
    reason: 'email_required',
    answer: failed('email_required'),
    at: forgot,
    outcome: { told: 'validation.enterEmail' },
  },
  {
    call: 'forgotPassword',
    reason: 'app_error',
    answer: failed('app_error'),
    at: forgot,
    outcome: { told: 'signIn.forgot.serverError' },
  },
  {
    call: 'forgotPassword',
    reason: 'bot_check_failed',
    answer: failed('bot_check_failed'),
    at: forgot,
    outcome: { told: 'signIn.notice.botCheckFailed' },
  },
  {
    call: 'forgotPassword',
    reason: '(no answer)',
    answer: 'no answer',
    at: forgot,
    outcome: { told: 'signIn.forgot.serverError' },
  },
  {
    call: 'forgotPassword',
    reason: 'missing_email (new reset link)',
    answer: failed('missing_email'),
    at: newToken('reset-password'),
    outcome: { told: 'validation.enterEmail' },
  },
  {
    call: 'forgotPassword',
    reason: 'incorrect_email (new reset link)',
    answer: failed('incorrect_email'),
    at: newToken('reset-password'),
    outcome: { told: 'validation.enterValidEmail' },
  },
  {
    call: 'forgotPassword',
    reason: 'email_required (new invitation)',
    answer: failed('email_required'),
    at: newToken('accept-invitation'),
    outcome: { told: 'validation.enterEmail' },
  },
  {
    call: 'forgotPassword',
    reason: 'app_error (new invitation)',
    answer: failed('app_error'),
    at: newToken('accept-invitation'),
    outcome: { told: 'recovery.newToken.serverError' },
  },
  {
    call: 'forgotPassword',
    reason: 'bot_check_failed (new reset link)',
    answer: failed('bot_check_failed'),
    at: newToken('reset-password'),
    outcome: { told: 'recovery.botCheckFailed' },
  },
  // GET /api/token/info: the link just opened
  {
    call: 'tokenInfo',
    reason: 'wrong_token',
    answer: failed('wrong_token'),
    at: tokenInfo('reset-password'),
    outcome: { pageTitle: 'reset.pageTitle.expired', heading: 'reset.expired.title' },
  },
  {
    call: 'tokenInfo',
    reason: 'missing_token',
    answer: failed('missing_token'),
    at: tokenInfo('accept-invitation'),
    outcome: { pageTitle: 'registration.pageTitle.expired', heading: 'registration.expired.title' },
  },
  {
    call: 'tokenInfo',
    reason: 'bot_check_failed',
    answer: failed('bot_check_failed'),
    at: tokenInfo('reset-password'),
    outcome: { pageTitle: 'reset.pageTitle.expired', heading: 'reset.expired.title' },
  },
  {
    call: 'tokenInfo',
    reason: 'app_error',
    answer: failed('app_error'),
    at: tokenInfo('accept-invitation'),
    outcome: ERROR_AT_LOAD,
  },
  // POST /api/user/resetpassword and /api/user/register
  ...(['resetPassword', 'register'] as const).flatMap((call): Case[] => {
    const route = call === 'resetPassword' ? 'reset-password' : 'accept-invitation';
    const at = setPassword(route);
    const expired = call === 'resetPassword' ? 'reset.expired.title' : 'registration.expired.title';
    return [
      { call, reason: 'wrong_token', answer: failed('wrong_token'), at, outcome: { screen: expired } },
      { call, reason: 'missing_token', answer: failed('missing_token'), at, outcome: { screen: expired } },
      {
        call,
        reason: 'weak_password',
        answer: failed('weak_password'),
        at,
        outcome: { told: 'validation.weakPassword' },
      },
      {
        call,
        reason: 'weak_password (common)',
        answer: failed('weak_password', { detail: 'common_password' }),
        at,
        outcome: { told: 'validation.commonPassword' },
      },
      {
        call,
        reason: 'password_required',
        answer: failed('password_required'),
        at,
        outcome: { told: 'validation.weakPassword' },
      },
      {
        call,
        reason: 'password_verification_required',
        answer: failed('password_verification_required'),
        at,
        outcome: { told: 'validation.confirmNewPassword' },
      },
      {
        call,
        reason: 'passwords_do_not_match',
        answer: failed('passwords_do_not_match'),
        at,
        outcome: { told: 'validation.passwordsDoNotMatch' },
      },
      {
        call,
        reason: 'app_error',
        answer: failed('app_error'),
        at,
        outcome: { told: 'setPassword.serviceUnavailable' },
      },
      {
        call,
        reason: 'bot_check_failed',
        answer: failed('bot_check_failed'),
        at,
        outcome: { told: 'recovery.botCheckFailed' },
      },
    ];
  }),
  // GET /api/device/userlist: at start; after a reset its failure only keeps the old list.
  {
    call: 'deviceUserList',
    reason: 'app_error',
    answer: failed('app_error'),
    at: startUp('GET', '/api/device/userlist'),
    outcome: ERROR_AT_LOAD,
  },
  // DELETE /api/device/userlist: 'remove from list'
  {
    call: 'deviceUserRemove',
    reason: 'missing_parameter',
    answer: failed('missing_parameter'),
    at: removeRemembered,
    outcome: ERROR_PAGE,
  },
  {
    call: 'deviceUserRemove',
    reason: 'invalid_parameter',
    answer: failed('invalid_parameter'),
    at: removeRemembered,
    outcome: ERROR_PAGE,
  },
  {
    call: 'deviceUserRemove',
    reason: 'app_error',
    answer: failed('app_error'),
    at: removeRemembered,
    outcome: ERROR_PAGE,
  },
  // DELETE /api/device/userlist/all: 'forget all accounts on this device'
  {
    call: 'deviceUsersForget',
    reason: 'app_error',
    answer: failed('app_error'),
    at: forgetAllRemembered,
    outcome: ERROR_PAGE,
  },
  // Start-up: user info and server info
  {
    call: 'userInfo',
    reason: 'app_error',
    answer: failed('app_error'),
    at: startUp('GET', '/api/user/info'),
    outcome: ERROR_AT_LOAD,
    lang: 'sk',
  },
  {
    call: 'serverInfo',
    reason: 'app_error',
    answer: failed('app_error'),
    at: startUp('GET', '/api/server/info'),
    outcome: ERROR_AT_LOAD,
  },
  // GET /api/webauthn/get (options) and POST /api/webauthn/get (the passkey button)
  {
    call: 'webauthnGetOptions',
    reason: 'invalid_parameter',
    answer: failed('invalid_parameter'),
    at: passkeyOptions,
    outcome: { told: 'signIn.passkey.userOptionsUnavailable' },
  },
  {
    call: 'webauthnGetOptions',
    reason: 'app_error',
    answer: failed('app_error'),
    at: passkeyOptions,
    outcome: { told: 'signIn.passkey.userOptionsUnavailable' },
  },
  {
    call: 'webauthnGet',
    reason: 'invalid_credentials',
    answer: failed('invalid_credentials'),
    at: passkeySignIn,
    outcome: { told: 'signIn.passkey.invalidCredentials' },
  },
  {
    call: 'webauthnGet',
    reason: 'account_disabled',
    answer: failed('account_disabled', { email: ACCOUNT.email }),
    at: passkeySignIn,
    outcome: { screen: 'signIn.disabled.title', shows: 'signIn.disabled.body', values: { email: ACCOUNT.email } },
  },
  {
    call: 'webauthnGet',
    reason: 'blocked',
    answer: failed('blocked', { email: ACCOUNT.email }),
    at: passkeySignIn,
    outcome: { screen: 'signIn.blocked.title' },
  },
  {
    call: 'webauthnGet',
    reason: 'email_not_verified',
    answer: failed('email_not_verified', { email: ACCOUNT.email }),
    at: passkeySignIn,
    outcome: { told: 'signIn.notice.emailNotVerified' },
  },
  {
    call: 'webauthnGet',
    reason: 'app_error',
    answer: failed('app_error'),
    at: passkeySignIn,
    outcome: { told: 'signIn.passkey.internalError' },
  },
  {
    call: 'webauthnGet',
    reason: 'bot_check_failed',
    answer: failed('bot_check_failed'),
    at: passkeySignIn,
    outcome: { told: 'signIn.notice.botCheckFailed' },
  },
  // The offer's Activate: GET and POST /api/webauthn/create
  {
    call: 'webauthnCreateOptions',
    reason: 'credentials_required',
    answer: failed('credentials_required'),
    at: offerCreateOptions,
    outcome: { told: 'signIn.passkeyOffer.failed' },
  },
  {
    call: 'webauthnCreateOptions',
    reason: 'app_error',
    answer: failed('app_error'),
    at: offerCreateOptions,
    outcome: { told: 'signIn.passkeyOffer.failed' },
  },
  {
    call: 'webauthnCreate',
    reason: 'credentials_required',
    answer: failed('credentials_required'),
    at: offerCreate,
    outcome: { told: 'signIn.passkeyOffer.failed' },
  },
  {
    call: 'webauthnCreate',
    reason: 'invalid_credentials',
    answer: failed('invalid_credentials'),
    at: offerCreate,
    outcome: { told: 'signIn.passkeyOffer.failed' },
  },
  {
    call: 'webauthnCreate',
    reason: 'invalid_parameter',
    answer: failed('invalid_parameter'),
    at: offerCreate,
    outcome: { told: 'signIn.passkeyOffer.failed' },
  },
  {
    call: 'webauthnCreate',
    reason: 'app_error',
    answer: failed('app_error'),
    at: offerCreate,
    outcome: { told: 'signIn.passkeyOffer.failed' },
  },
  // The "Sign-in and security" page: a session that is no longer signed in goes to sign-in (and
  // comes back after it); a change that did not go through is said in a snackbar, the button keeps focus.
  ...securityCases('securityOverview', securityOverview, { app_error: { told: 'security.loadFailed' } }),
  ...securityCases('passkeyRename', renamePasskey, {}),
  ...securityCases('passkeyRemove', removePasskey, {
    reauth_required: { dialog: 'security.reauth.title', shows: 'security.reauth.text' },
  }),
  ...securityCases('reauthenticate', reauthPassword, {
    invalid_credentials: { told: 'security.reauth.wrong' },
    password_required: { told: 'security.reauth.wrong' },
  }),
  ...securityCases(
    'trustedDeviceRevoke',
    securityAction('DELETE', '/api/account/device', 'security.devices.revokeNamed', 'Firefox Linux'),
    {},
  ),
  ...securityCases(
    'trustedDevicesRevokeOthers',
    securityOthers('/api/account/device/others', 'security.devices.revokeOthers'),
    {},
  ),
  ...securityCases(
    'sessionEnd',
    securityAction('DELETE', '/api/account/session', 'security.sessions.signOutNamed', 'device.defaultName'),
    {},
  ),
  ...securityCases(
    'sessionsEndOthers',
    securityOthers('/api/account/session/others', 'security.sessions.signOutOthers'),
    {},
  ),
  ...securityCases('reauthPasskeyOptions', reauthPasskeyOptions, {
    invalid_parameter: { told: 'security.reauth.passkeyFailed' },
  }),
  ...securityCases('reauthPasskey', reauthPasskey, {
    invalid_credentials: { told: 'security.reauth.passkeyFailed' },
    missing_parameter: { told: 'security.reauth.passkeyFailed' },
    invalid_parameter: { told: 'security.reauth.passkeyFailed' },
  }),
  // "Add a passkey" on the security page: a refusal while the page is still signed in asks for the
  // password (the last proof is too old); from a session that has ended, sign-in; the rest, the snackbar.
  ...(['webauthnCreateOptions', 'webauthnCreate'] as const).flatMap((call): Case[] => {
    const at = addPasskey(call === 'webauthnCreateOptions' ? 'options' : 'save');
    const endpoint = ENDPOINTS.find((e) => e.id === call);
    return (endpoint?.reasons ?? []).map((reason) => ({
      call,
      reason: `${reason} (security page)`,
      answer: failed(reason),
      at,
      outcome:
        reason === 'credentials_required'
          ? { dialog: 'security.reauth.title', shows: 'security.reauth.textAdd' }
          : { told: 'security.actionFailed' },
    }));
  }),
  {
    call: 'webauthnCreateOptions',
    reason: 'credentials_required (security page, signed out meanwhile)',
    answer: failed('credentials_required'),
    at: addPasskeySignedOut,
    outcome: TO_SIGN_IN,
  },
  // GET and POST /api/user/secureaccount: the "Wasn't you?" mail's link
  ...(['wrong_token', 'missing_token', 'bot_check_failed'] as const).map((reason): Case => ({
    call: 'secureAccountInfo',
    reason,
    answer: failed(reason),
    at: secureAccountInfo,
    // A link that cannot be checked cannot be told from a bad one: the screen offers both ways on.
    outcome: { pageTitle: 'secureAccount.pageTitle.expired', heading: 'secureAccount.expired.title' },
  })),
  {
    call: 'secureAccountInfo',
    reason: 'app_error',
    answer: failed('app_error'),
    at: secureAccountInfo,
    outcome: ERROR_AT_LOAD,
  },
  {
    call: 'secureAccountInfo',
    reason: 'too_many_requests',
    answer: TOO_MANY,
    at: secureAccountInfo,
    outcome: TOLD_WAIT,
  },
  {
    call: 'secureAccount',
    reason: 'wrong_token',
    answer: failed('wrong_token'),
    at: secureAccount,
    outcome: { screen: 'secureAccount.expired.title' },
  },
  {
    call: 'secureAccount',
    reason: 'missing_token',
    answer: failed('missing_token'),
    at: secureAccount,
    outcome: { screen: 'secureAccount.expired.title' },
  },
  {
    call: 'secureAccount',
    reason: 'bot_check_failed',
    answer: failed('bot_check_failed'),
    at: secureAccount,
    outcome: { told: 'secureAccount.confirm.botCheckFailed' },
  },
  {
    call: 'secureAccount',
    reason: 'app_error',
    answer: failed('app_error'),
    at: secureAccount,
    outcome: { told: 'secureAccount.confirm.unavailable' },
  },
  { call: 'secureAccount', reason: 'too_many_requests', answer: TOO_MANY, at: secureAccount, outcome: TOLD_WAIT },
  // POST /api/user/logout: the default page's own message
  {
    call: 'logout',
    reason: 'app_error',
    answer: failed('app_error'),
    at: signOut,
    outcome: { told: 'legacy.signOutFailed' },
  },
  {
    call: 'logout',
    reason: '(no answer)',
    answer: 'no answer',
    at: signOut,
    outcome: { told: 'legacy.signOutFailed' },
  },
];

/** Reasons with nothing to tell, and why (checked to be every reason of these calls, too). */
const QUIET: Record<string, string> = {
  webauthnOfferSave: `"don't ask again" and an authenticator that already has the passkey: ${QUIET_SIGNED_IN}`,
};

test.describe('every failure of every call is told, once', () => {
  test('the table covers every reason every call of the contract can give', () => {
    const covered = new Set(CASES.map((c) => `${c.call} ${c.reason.split(' ')[0]}`));
    const missing: string[] = [];
    for (const endpoint of ENDPOINTS) {
      for (const reason of endpoint.reasons) {
        if (!covered.has(`${endpoint.id} ${reason}`) && QUIET[endpoint.id] === undefined)
          missing.push(`${endpoint.id} ${reason}`);
      }
    }
    expect(missing).toEqual([]);
  });

  CASES.forEach((c, index) => {
    // The cases take turns in the three languages.
    const lang = c.lang ?? ((['sk', 'en', 'cs'] as const)[index % 3] as Locale);
    test.describe(lang, () => {
      test.use({ lang });
      test(`${c.call} ${c.reason}`, async ({ page }) => {
        await recordAnnouncements(page);
        await c.at(page, lang, c.answer);
        const outcome = c.outcome;
        const values = 'values' in outcome && outcome.values ? localValues(lang, outcome.values) : {};
        if ('told' in outcome) {
          const message = text(lang, outcome.told, values);
          await expect(shown(page, message)).toBeVisible();
          await expectToldOnce(page, message);
          await expectNoAxeViolations(page);
        } else if ('screen' in outcome) {
          await expectScreen(page, text(lang, outcome.screen));
          if (outcome.shows) await expect(shown(page, text(lang, outcome.shows, values))).toBeVisible();
          await expectNoAxeViolations(page);
        } else if ('pageTitle' in outcome) {
          await expect(page.getByRole('heading', { level: 1, name: text(lang, outcome.heading) })).toBeVisible();
          await expect(page).toHaveTitle(
            text(lang, 'app.pageTitle', { screen: text(lang, outcome.pageTitle), app: text(lang, 'app.title') }),
          );
        } else if ('signInThenBack' in outcome) {
          await expect(page.getByRole('heading', { level: 1, name: text(lang, 'signIn.login.title') })).toBeVisible();
          await expect(page).toHaveTitle(text(lang, 'app.title'));
          expect(new URL(page.url()).searchParams.get('redirect')).toBe(outcome.signInThenBack);
        } else if ('dialog' in outcome) {
          const dialog = page.getByRole('dialog', { name: text(lang, outcome.dialog) });
          await expect(dialog).toBeVisible();
          await expect(dialog.getByText(text(lang, outcome.shows))).toBeVisible();
          // Focus went into the dialog: a screen reader reads its title as it enters.
          await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
          await expectNoAxeViolations(page);
        } else if ('backToSignIn' in outcome) {
          const message = text(lang, outcome.backToSignIn);
          await expectScreen(page, text(lang, 'signIn.login.title'));
          await expect(shown(page, message)).toBeVisible();
          // The new screen has focus; the reason it came is said once.
          await expect.poll(async () => (await announcements(page)).filter((said) => said === message).length).toBe(1);
        }
      });
    });
  });
});

/** Values that name messages (a field name) are put in the locale's words. */
function localValues(lang: Locale, values: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('field.') ? text(lang, value) : value,
    ]),
  );
}
