// Chromium's virtual WebAuthn authenticator over CDP: a platform authenticator
// with user verification and resident keys, as a phone or laptop has.
import type { CDPSession, Page } from '@playwright/test';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  id: string;
  credentials(): Promise<{ credentialId: string; signCount: number; rpId?: string }[]>;
  setPresence(enabled: boolean): Promise<void>;
  setUserVerified(verified: boolean): Promise<void>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    cdp,
    id: authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    async setPresence(enabled) {
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
    },
    async setUserVerified(verified) {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
  };
}

/** One navigator.credentials.get call of the page, as recordCredentialRequests() saw it. */
export interface CredentialRequest {
  /** 'conditional' for the autofill request; 'modal' for a ceremony the page started itself. */
  mediation: 'conditional' | 'modal';
  /** The request's challenge, base64url. */
  challenge: string;
  /** Its AbortSignal fired. */
  aborted: boolean;
  /** 'pending' until the call settles; then 'resolved' or the DOMException's name. */
  outcome: string;
}

type RequestEvent =
  | { id: string; kind: 'start'; mediation: CredentialRequest['mediation']; challenge: string }
  | { id: string; kind: 'abort' }
  | { id: string; kind: 'settle'; outcome: string };

/**
 * Lets the test see the page's WebAuthn requests: every call of navigator.credentials.get is
 * reported to the returned list (kept up to date, across navigations) and passed on unchanged to
 * the browser. Call before the page is opened. This is how a test waits on "the autofill request
 * is pending" or "the button's ceremony has started" instead of on time.
 */
export async function recordCredentialRequests(page: Page): Promise<CredentialRequest[]> {
  const requests: CredentialRequest[] = [];
  const byId = new Map<string, CredentialRequest>();
  await page.exposeBinding('__credentialRequestEvent', (_source, event: RequestEvent) => {
    if (event.kind === 'start') {
      const request: CredentialRequest = {
        mediation: event.mediation,
        challenge: event.challenge,
        aborted: false,
        outcome: 'pending',
      };
      byId.set(event.id, request);
      requests.push(request);
      return;
    }
    const request = byId.get(event.id);
    if (!request) return;
    if (event.kind === 'abort') request.aborted = true;
    else request.outcome = event.outcome;
  });
  await page.addInitScript(() => {
    const report = (event: RequestEvent) =>
      (window as unknown as { __credentialRequestEvent(e: RequestEvent): Promise<void> }).__credentialRequestEvent(
        event,
      );
    const get = navigator.credentials.get.bind(navigator.credentials);
    const base64url = (data: BufferSource) => {
      const bytes =
        data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      return btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    };
    let count = 0;
    const documentId = Math.random().toString(36).slice(2);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      count += 1;
      const id = `${documentId}-${count}`;
      const mediation = options?.mediation === 'conditional' ? 'conditional' : 'modal';
      void report({
        id,
        kind: 'start',
        mediation,
        challenge: options?.publicKey ? base64url(options.publicKey.challenge) : '',
      });
      options?.signal?.addEventListener('abort', () => void report({ id, kind: 'abort' }));
      const answer = get(options);
      answer.then(
        () => void report({ id, kind: 'settle', outcome: 'resolved' }),
        (error: Error) => void report({ id, kind: 'settle', outcome: error.name }),
      );
      return answer;
    };
  });
  return requests;
}

/** The challenge (base64url) a WebAuthn response signed: the one in its clientDataJSON. */
export function signedChallenge(body: { response: { clientDataJSON: string } }): string {
  return (JSON.parse(Buffer.from(body.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge: string })
    .challenge;
}
