import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectAnnounced, jsonResponse, renderWithProviders } from '../testing/test-utils';
import { PasskeyOfferScreen } from './passkey-offer-screen';
import { CREATE_STRUCTURE, domError, fakeAttestation, removeWebAuthn, stubWebAuthn } from './webauthn-test-kit';
// The dialog is lazy in the app (Base UI is in it). Loading its module with this file means the
// tests that open it wait for React, not for the first transform of Base UI, which on a loaded
// machine took longer than a test's time-out; the app still loads it through React.lazy.
import './biometric-restricted-dialog';

const FAILED = 'Activating sign-in using device has failed. You can try again next time.';

interface Sent {
  key: string;
  body: unknown;
}

function stubApi(answers: Record<string, unknown> = {}) {
  const sent: Sent[] = [];
  const defaults: Record<string, unknown> = {
    'GET /api/webauthn/create': { status: 'ok', createStructure: CREATE_STRUCTURE },
    'POST /api/webauthn/create': { status: 'ok' },
    'POST /api/webauthn/offer': { status: 'ok' },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`;
      sent.push({ key, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
      const answer = key in answers ? answers[key] : defaults[key];
      if (answer === undefined) throw new Error(`unexpected call ${key}`);
      return jsonResponse(answer);
    }),
  );
  return { sent, keys: () => sent.map((s) => s.key) };
}

function renderOffer() {
  const onDone = vi.fn();
  renderWithProviders(<PasskeyOfferScreen onDone={onDone} />);
  return { onDone, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  removeWebAuthn();
});

describe('passkey registration offer', () => {
  it('shows its title and the buttons Activate, Ask later and Don’t ask again', () => {
    renderOffer();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in faster next time' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Activate',
      'Ask later',
      "Don't ask again",
    ]);
  });

  it('activates: create options, the registration ceremony, then the strict create body, then goes on', async () => {
    const webauthn = stubWebAuthn();
    const api = stubApi();
    const { onDone, user } = renderOffer();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const publicKey = webauthn.create.mock.calls[0]?.[0].publicKey;
    expect(publicKey?.rp).toEqual({ id: 'localhost', name: 'Gatehouse' });
    expect(publicKey?.pubKeyCredParams).toEqual([
      { type: 'public-key', alg: -8 },
      { type: 'public-key', alg: -7 },
      { type: 'public-key', alg: -257 },
    ]);
    expect(publicKey?.authenticatorSelection).toEqual({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    });
    expect(api.keys()).toEqual(['GET /api/webauthn/create', 'POST /api/webauthn/create']);
    const body = api.sent[1]?.body;
    expect(body).toEqual({
      type: 'public-key',
      id: fakeAttestation().id,
      rawId: fakeAttestation().id,
      response: {
        attestationObject: 'YXR0ZXN0YXRpb24',
        clientDataJSON: 'Y2xpZW50LWRhdGE',
        transports: ['internal', 'hybrid'],
      },
    });
  });

  it('says activation failed and still lets the user go on with Ask later', async () => {
    stubWebAuthn();
    const api = stubApi({ 'POST /api/webauthn/create': { status: 'failed', reasons: ['invalid_credentials'] } });
    const { onDone, user } = renderOffer();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    // The button keeps focus: the failure is announced.
    expect(await screen.findByText(FAILED)).toBeTruthy();
    await expectAnnounced(FAILED);
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ask later' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(api.keys()).not.toContain('POST /api/webauthn/offer');
  });

  it('goes on at once with Ask later, with no call', async () => {
    const api = stubApi();
    const { onDone, user } = renderOffer();
    await user.click(screen.getByRole('button', { name: 'Ask later' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(api.sent).toEqual([]);
  });

  it("saves offer false with Don't ask again, then goes on", async () => {
    const api = stubApi();
    const { onDone, user } = renderOffer();
    await user.click(screen.getByRole('button', { name: "Don't ask again" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(api.sent).toEqual([{ key: 'POST /api/webauthn/offer', body: { offerWebauthnRegistration: false } }]);
  });

  it('silently saves offer false when the authenticator already holds a passkey of the account (InvalidStateError)', async () => {
    stubWebAuthn({ create: async () => Promise.reject(domError('InvalidStateError')) });
    const api = stubApi();
    const { onDone, user } = renderOffer();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(api.sent.at(-1)).toEqual({ key: 'POST /api/webauthn/offer', body: { offerWebauthnRegistration: false } });
    expect(screen.queryByText(FAILED)).toBeNull();
  });

  it('says nothing when the user cancels the prompt (NotAllowedError) and keeps the offer', async () => {
    stubWebAuthn({ create: async () => Promise.reject(domError('NotAllowedError')) });
    const api = stubApi();
    const { onDone, user } = renderOffer();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activate' }).getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByText(FAILED)).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    expect(api.keys()).toEqual(['GET /api/webauthn/create']);
  });

  it('opens the biometric-restricted dialog when the authenticator refuses (SecurityError), and its OK closes it', async () => {
    stubWebAuthn({ create: async () => Promise.reject(domError('SecurityError')) });
    stubApi();
    const { onDone, user } = renderOffer();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByTestId('biometric-dialog-title')).textContent).toBe(
      'Signing in using device is restricted',
    );
    await user.click(screen.getByTestId('biometric-dialog-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
  });
});
