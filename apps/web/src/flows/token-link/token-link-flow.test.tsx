import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { expectAlert, expectFieldMessage, expectScreen } from '../../shared/testing/test-utils';
import { LOCALES, ROUTES, failed, ok, stubApi, submitPasswords } from './token-link.test-helpers';

// What both token-link routes do alike, each route in each language; what only one does is in
// reset-password-flow.test.tsx and finish-registration-flow.test.tsx.

afterEach(() => {
  vi.unstubAllGlobals();
});

const EACH_ROUTE_AND_LOCALE = ROUTES.flatMap((route) => LOCALES.map((locale) => [route.route, locale, route] as const));

describe.each(EACH_ROUTE_AND_LOCALE)('%s route: set-password validation in %s', (_route, locale, route) => {
  const open = async () => {
    const flow = route.render({ locale });
    await route.toSetPassword(flow);
    return flow;
  };

  it('asks for a strong password and its confirmation on an empty submit, without calling the server', async () => {
    const api = stubApi({ '/api/token/info': ok });
    const flow = await open();
    const { m } = flow;
    await submitPasswords(flow, route.submit, '', '');
    await waitFor(() => expectFieldMessage(m['setPassword.password'], m['validation.weakPassword']));
    expectFieldMessage(m['setPassword.password2'], m['validation.confirmNewPassword']);
    expect(document.activeElement).toBe(screen.getByLabelText(m['setPassword.password']));
    expect(api.callsTo(route.setPasswordPath)).toHaveLength(0);
  });

  it('shows the rule text for a weak password once the field is left, and the mismatch on the confirmation', async () => {
    stubApi({ '/api/token/info': ok });
    const { user, m } = await open();
    await user.type(screen.getByLabelText(m['setPassword.password']), 'secret');
    expect(screen.queryByText(m['validation.weakPassword'])).toBeNull();
    await user.tab();
    await user.tab();
    await waitFor(() => expectFieldMessage(m['setPassword.password'], m['validation.weakPassword']));
    await user.type(screen.getByLabelText(m['setPassword.password2']), 'other');
    await user.tab();
    await waitFor(() => expectFieldMessage(m['setPassword.password2'], m['validation.passwordsDoNotMatch']));
  });

  it('says the passwords do not match before calling the server', async () => {
    const api = stubApi({ '/api/token/info': ok });
    const flow = await open();
    await submitPasswords(flow, route.submit, 'Secret123', 'Secret124');
    await waitFor(() => expectFieldMessage(flow.m['setPassword.password2'], flow.m['validation.passwordsDoNotMatch']));
    expect(api.callsTo(route.setPasswordPath)).toHaveLength(0);
  });

  it.each([
    [['weak_password'], undefined, 'setPassword.password', 'validation.weakPassword'],
    [['weak_password'], 'common_password', 'setPassword.password', 'validation.commonPassword'],
    [['weak_password'], 'current_password', 'setPassword.password', 'setPassword.currentPassword'],
    [['weak_password'], 'a_detail_of_a_newer_server', 'setPassword.password', 'validation.weakPassword'],
    [['password_required'], undefined, 'setPassword.password', 'validation.weakPassword'],
    [['password_verification_required'], undefined, 'setPassword.password2', 'validation.confirmNewPassword'],
    [['passwords_do_not_match'], undefined, 'setPassword.password2', 'validation.passwordsDoNotMatch'],
  ] as const)('puts the server reason %s (detail %s) on its field', async (reasons, detail, field, message) => {
    stubApi({ '/api/token/info': ok, [route.setPasswordPath]: failed([...reasons], detail) });
    const flow = await open();
    await submitPasswords(flow, route.submit, 'Password1', 'Password1');
    await waitFor(() => expectFieldMessage(flow.m[field], flow.m[message]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(flow.m[field])));
  });

  it('shows the unavailable notice when the submit gets no answer', async () => {
    stubApi({ '/api/token/info': ok, [route.setPasswordPath]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const flow = await open();
    await submitPasswords(flow, route.submit, 'Secret123', 'Secret123');
    await expectAlert(flow.m['setPassword.serviceUnavailable']);
  });
});

describe.each(EACH_ROUTE_AND_LOCALE)('%s route: requesting a new link in %s', (_route, locale, route) => {
  const { prefix } = route;
  async function openRequestForm() {
    const flow = route.render({ locale });
    await flow.user.click(await screen.findByRole('button', { name: flow.m[`${prefix}.expired.newToken`] }));
    await expectScreen(flow.m[`${prefix}.newToken.title`]);
    return flow;
  }

  it('asks for the e-mail address when it is empty and for a valid one when it is malformed', async () => {
    const api = stubApi({ '/api/token/info': failed(['wrong_token']) });
    const { user, m } = await openRequestForm();
    await user.click(screen.getByRole('button', { name: m[`${prefix}.newToken.submit`] }));
    await waitFor(() => expectFieldMessage(m[`${prefix}.newToken.email`], m['validation.enterEmail']));
    await user.type(screen.getByLabelText(m[`${prefix}.newToken.email`]), 'jana@');
    await waitFor(() => expectFieldMessage(m[`${prefix}.newToken.email`], m['validation.enterValidEmail']));
    await user.clear(screen.getByLabelText(m[`${prefix}.newToken.email`]));
    await user.type(screen.getByLabelText(m[`${prefix}.newToken.email`]), 'jana.example.sk');
    await waitFor(() => expectFieldMessage(m[`${prefix}.newToken.email`], m['validation.enterValidEmail']));
    expect(api.callsTo('/api/user/forgotpassword')).toHaveLength(0);
  });

  it('shows the email_required reason of the server on the e-mail field', async () => {
    stubApi({ '/api/token/info': failed(['wrong_token']), '/api/user/forgotpassword': failed(['email_required']) });
    const { user, m } = await openRequestForm();
    await user.type(screen.getByLabelText(m[`${prefix}.newToken.email`]), 'jana@example.sk');
    await user.click(screen.getByRole('button', { name: m[`${prefix}.newToken.submit`] }));
    await waitFor(() => expectFieldMessage(m[`${prefix}.newToken.email`], m['validation.enterEmail']));
  });

  it('sends the e-mail and confirms the generated link', async () => {
    const api = stubApi({ '/api/token/info': failed(['wrong_token']), '/api/user/forgotpassword': ok });
    const { user, m } = await openRequestForm();
    await user.type(screen.getByLabelText(m[`${prefix}.newToken.email`]), ' jana@example.sk ');
    await user.click(screen.getByRole('button', { name: m[`${prefix}.newToken.submit`] }));
    await expectScreen(m[`${prefix}.newTokenSent.title`]);
    const body = screen.getByText(m[`${prefix}.newTokenSent.body`]);
    // "this email address": the address is shown just above, as sent (trimmed), so that a typo shows.
    expect(body.previousElementSibling?.textContent).toBe('jana@example.sk');
    expect(api.bodyOf('/api/user/forgotpassword')).toEqual({ email: 'jana@example.sk' });
  });

  it('shows its notice and clears the e-mail when the request gets no answer', async () => {
    stubApi({
      '/api/token/info': failed(['wrong_token']),
      '/api/user/forgotpassword': () => Promise.reject(new TypeError('offline')),
    });
    const { user, m } = await openRequestForm();
    const email = screen.getByLabelText<HTMLInputElement>(m[`${prefix}.newToken.email`]);
    await user.type(email, 'jana@example.sk');
    await user.click(screen.getByRole('button', { name: m[`${prefix}.newToken.submit`] }));
    await expectAlert(m['recovery.newToken.serverError']);
    await waitFor(() => expect(email.value).toBe(''));
  });
});
