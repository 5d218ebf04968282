import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DeviceUserListAnswer,
  ENDPOINTS,
  LoginAnswer,
  LoginBody,
  PinAttemptsAnswer,
  REASONS,
  SPEC_REASONS,
  ServerInfoAnswer,
  SetPasswordBody,
  UserInfoAnswer,
  WebauthnCreateBody,
  WebauthnGetBody,
  FORGOT_PASSWORD_REASONS,
  LOGIN_REASONS,
  PIN_ATTEMPTS_REASONS,
  PIN_SKIP_REASONS,
  PIN_SUBMIT_REASONS,
  WEBAUTHN_GET_REASONS,
  forgotPassword,
  login,
  pinAttempts,
  pinSkip,
  pinSubmit,
  showsRemainingAttempts,
  toCurrentUser,
  toLocale,
  webauthnGet,
} from './index.ts';
import type {
  ForgotPasswordReason,
  LoginReason,
  PinAttemptsReason,
  PinSkipReason,
  PinSubmitReason,
  ReasonOf,
  WebauthnGetReason,
} from './index.ts';

describe('the endpoint list', () => {
  it("holds every call of the provider's API with its method and path", () => {
    const calls = ENDPOINTS.filter((e) => !e.addition).map((e) => `${e.method} ${e.path}`);
    expect(calls).toEqual([
      'GET /api/user/info',
      'POST /api/user/login',
      'GET /api/user/pincode',
      'POST /api/user/pincode',
      'POST /api/user/pincode/skip',
      'POST /api/user/newdevice',
      'POST /api/user/forgotpassword',
      'POST /api/user/resetpassword',
      'POST /api/user/register',
      'GET /api/token/info',
      'GET /api/device/userlist',
      'DELETE /api/device/userlist',
      'GET /api/server/info',
      'GET /api/server/version',
      'GET /api/webauthn/create',
      'POST /api/webauthn/create',
      'GET /api/webauthn/get',
      'POST /api/webauthn/get',
      'POST /api/webauthn/offer',
      'GET /api/webauthn/offer',
    ]);
  });

  it("marks exactly the provider's bot-checked calls, and the token calls this project adds, with a bot-check action", () => {
    const marked = ENDPOINTS.filter((e) => e.botCheck).map((e) => [e.id, e.botCheck?.action, e.botCheck?.required]);
    expect(marked).toEqual([
      ['login', 'login', true],
      ['forgotPassword', 'forgot_password', true],
      ['resetPassword', 'reset_password', true],
      ['register', 'register', true],
      ['tokenInfo', 'token_info', true],
      ['webauthnGet', 'webauthn_get_post', true],
      ['webauthnOfferSave', 'webauthn_offer', false],
      // Additions (docs/decisions/0115-wasnt-you-mail.md): the secure-account link's check and use, like the token calls.
      ['secureAccountInfo', 'secure_account_info', true],
      ['secureAccount', 'secure_account', true],
    ]);
  });

  it('names only known reasons and gives each call unique ids', () => {
    for (const endpoint of ENDPOINTS) {
      for (const reason of endpoint.reasons) expect(REASONS).toContain(reason);
    }
    expect(new Set(ENDPOINTS.map((e) => e.id)).size).toBe(ENDPOINTS.length);
  });

  it("gives the sign-in page's calls the zod-free reason tuples, so their reason types are the endpoints' own", () => {
    expect(login.reasons).toBe(LOGIN_REASONS);
    expect(pinAttempts.reasons).toBe(PIN_ATTEMPTS_REASONS);
    expect(pinSubmit.reasons).toBe(PIN_SUBMIT_REASONS);
    expect(pinSkip.reasons).toBe(PIN_SKIP_REASONS);
    expect(forgotPassword.reasons).toBe(FORGOT_PASSWORD_REASONS);
    expect(webauthnGet.reasons).toBe(WEBAUTHN_GET_REASONS);
    expectTypeOf<ReasonOf<typeof login>>().toEqualTypeOf<LoginReason>();
    expectTypeOf<ReasonOf<typeof pinAttempts>>().toEqualTypeOf<PinAttemptsReason>();
    expectTypeOf<ReasonOf<typeof pinSubmit>>().toEqualTypeOf<PinSubmitReason>();
    expectTypeOf<ReasonOf<typeof pinSkip>>().toEqualTypeOf<PinSkipReason>();
    expectTypeOf<ReasonOf<typeof forgotPassword>>().toEqualTypeOf<ForgotPasswordReason>();
    expectTypeOf<ReasonOf<typeof webauthnGet>>().toEqualTypeOf<WebauthnGetReason>();
  });

  it("keeps the provider's reason codes, in full", () => {
    expect(SPEC_REASONS).toHaveLength(22);
    expect(SPEC_REASONS).toContain('password_verification_required');
  });
});

describe('payload schemas', () => {
  it("accept the provider's payloads", () => {
    expect(LoginBody.safeParse({ username: 'jana@example.com', password: 'Secret123' }).success).toBe(true);
    expect(SetPasswordBody.safeParse({ token: 't', password: 'Abcdefg1', password2: 'Abcdefg1' }).success).toBe(true);
    expect(
      WebauthnCreateBody.safeParse({
        type: 'public-key',
        id: 'abc_-',
        rawId: 'abc_-',
        response: { attestationObject: 'AAA', clientDataJSON: 'BBB', transports: ['internal'] },
      }).success,
    ).toBe(true);
    expect(
      WebauthnGetBody.safeParse({
        id: 'abc',
        type: 'public-key',
        rawId: 'abc',
        response: { clientDataJSON: 'A', authenticatorData: 'B', signature: 'C', userHandle: 'D' },
      }).success,
    ).toBe(true);
  });

  it('refuse missing fields, extra fields and wrong types', () => {
    expect(LoginBody.safeParse({ username: 'jana@example.com' }).success).toBe(false);
    expect(LoginBody.safeParse({ username: 'a', password: 'b', admin: true }).success).toBe(false);
    expect(LoginBody.safeParse({ username: 1, password: 'b' }).success).toBe(false);
    expect(SetPasswordBody.safeParse({ token: 't', password: 'x' }).success).toBe(false);
    expect(
      WebauthnGetBody.safeParse({
        id: 'not base64url!',
        type: 'public-key',
        rawId: 'abc',
        response: { clientDataJSON: 'A', authenticatorData: 'B', signature: 'C' },
      }).success,
    ).toBe(false);
  });

  it('refuse oversized strings', () => {
    expect(LoginBody.safeParse({ username: 'a'.repeat(10_000), password: 'b' }).success).toBe(false);
  });
});

describe('answer schemas', () => {
  it("parse the answers the provider's API describes", () => {
    expect(LoginAnswer.parse({ status: 'failed', reasons: ['invalid_credentials'] }).reasons).toEqual([
      'invalid_credentials',
    ]);
    expect(
      PinAttemptsAnswer.parse({ status: 'ok', pin_code_remaining_attempts: 2, pin_code_remaining_silent_attempts: 0 })
        .pin_code_remaining_attempts,
    ).toBe(2);
    expect(
      DeviceUserListAnswer.parse({
        status: 'ok',
        users: [{ userId: 'u1', email: 'a@b.cz', firstName: 'A', surname: 'B', loginName: 'a@b.cz' }],
      }).users,
    ).toHaveLength(1);
    expect(ServerInfoAnswer.parse({ status: 'ok' }).reCaptcha.siteKey).toBeNull();
  });

  it('refuse an answer whose fields have the wrong types', () => {
    expect(
      PinAttemptsAnswer.safeParse({
        status: 'ok',
        pin_code_remaining_attempts: '2',
        pin_code_remaining_silent_attempts: 0,
      }).success,
    ).toBe(false);
    expect(UserInfoAnswer.safeParse({ status: 'ok', guest: 'no', language: 'sk' }).success).toBe(false);
  });
});

describe('current user mapping', () => {
  it('maps a signed-in answer to authenticated with the user fields', () => {
    const answer = UserInfoAnswer.parse({
      status: 'ok',
      guest: false,
      language: 'cs',
      user: { id: 'u1', email: 'jana@example.com', firstName: 'Jana', surname: 'Nováková' },
    });
    expect(toCurrentUser(answer)).toEqual({
      authenticated: true,
      language: 'cs',
      id: 'u1',
      email: 'jana@example.com',
      firstName: 'Jana',
      surname: 'Nováková',
    });
  });
  it('treats info without status ok, guest or language as invalid', () => {
    expect(toCurrentUser({ status: 'failed', guest: true, language: 'sk' })).toBeNull();
    expect(toCurrentUser({ status: 'ok', language: 'sk' })).toBeNull();
    expect(toCurrentUser({ status: 'ok', guest: true })).toBeNull();
    expect(toCurrentUser({ status: 'ok', guest: true, language: 'sk' })?.authenticated).toBe(false);
  });
});

describe('locale choice', () => {
  it('keeps en, sk and cs and falls back to sk', () => {
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale('cs')).toBe('cs');
    expect(toLocale('SK')).toBe('sk');
    expect(toLocale('de')).toBe('sk');
    expect(toLocale(undefined)).toBe('sk');
  });
});

describe('remaining-attempts notice', () => {
  it('shows only when silent attempts are used up and some remain', () => {
    expect(showsRemainingAttempts({ pin_code_remaining_attempts: 2, pin_code_remaining_silent_attempts: 0 })).toBe(
      true,
    );
    expect(showsRemainingAttempts({ pin_code_remaining_attempts: 2, pin_code_remaining_silent_attempts: -1 })).toBe(
      true,
    );
    expect(showsRemainingAttempts({ pin_code_remaining_attempts: 2, pin_code_remaining_silent_attempts: 1 })).toBe(
      false,
    );
    expect(showsRemainingAttempts({ pin_code_remaining_attempts: 0, pin_code_remaining_silent_attempts: 0 })).toBe(
      false,
    );
  });
});
