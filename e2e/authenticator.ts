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
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
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
