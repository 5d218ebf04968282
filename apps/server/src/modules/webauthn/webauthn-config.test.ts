import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config.ts';

describe('passkey configuration', () => {
  it('derives the relying party from PUBLIC_ORIGIN and uses the documented defaults', () => {
    expect(loadConfig({}).webauthn).toEqual({
      rpName: 'Gatehouse',
      rpId: 'localhost',
      expectedOrigin: 'http://localhost:8080',
      timeoutMs: 60_000,
      conditionalTimeoutS: 300,
      challengeTtlMs: 300_000,
    });
  });

  it('keeps the port in the expected origin but not in the RP ID', () => {
    const { webauthn } = loadConfig({ PUBLIC_ORIGIN: 'https://signin.clinic.example:8443/', RP_NAME: 'Clinic' });
    expect(webauthn).toMatchObject({
      rpId: 'signin.clinic.example',
      expectedOrigin: 'https://signin.clinic.example:8443',
      rpName: 'Clinic',
    });
  });

  it('names each bad passkey variable', () => {
    try {
      loadConfig({
        WEBAUTHN_TIMEOUT_MS: 'soon',
        WEBAUTHN_CONDITIONAL_TIMEOUT_S: '0',
        WEBAUTHN_CHALLENGE_TTL_MS: '-5',
        RP_NAME: 'x'.repeat(65),
      });
      expect.unreachable('the configuration should have been refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const names = (error as ConfigError).problems.map((p) => p.split(':')[0]).sort();
      expect(names).toEqual([
        'RP_NAME',
        'WEBAUTHN_CHALLENGE_TTL_MS',
        'WEBAUTHN_CONDITIONAL_TIMEOUT_S',
        'WEBAUTHN_TIMEOUT_MS',
      ]);
    }
  });
});
