import { describe, expect, it } from 'vitest';
import { mailContext, renderMail } from '../../mail/mail-template.ts';
import { invitationMail } from '../../mail/templates/invitation.mail.ts';
import { resetPasswordMail } from '../../mail/templates/reset-password.mail.ts';

const context = mailContext('https://signin.example.org');
const TOKEN = 'Xy_-0123456789abcdefghijklmnopqrstuvwxyzABC';

describe('reset and invitation mails', () => {
  it('link to the reset and registration pages on the public origin, in text and HTML', () => {
    const reset = renderMail(resetPasswordMail, {
      to: 'a@b.test',
      language: 'en',
      params: { firstName: 'Ana', email: 'a@b.test', token: TOKEN, validMinutes: 60 },
      context,
    });
    expect(reset.text).toContain(
      `Set a new password:\nhttps://signin.example.org/signin/reset-password?token=${TOKEN}`,
    );
    expect(reset.html).toContain(`<a href="https://signin.example.org/signin/reset-password?token=${TOKEN}"`);
    const invitation = renderMail(invitationMail, {
      to: 'a@b.test',
      language: 'en',
      params: { firstName: '', email: 'a@b.test', token: TOKEN, validHours: 72 },
      context,
    });
    expect(invitation.text).toMatch(/^Hello,\n/);
    expect(invitation.text).toContain(`https://signin.example.org/signin/accept-invitation?token=${TOKEN}`);
    expect(invitation.text).toContain('valid for 72 hours');
  });

  it('speak Slovak, Czech and English, Slovak for an unknown language', () => {
    const params = { firstName: 'Eva', email: 'eva@example.test', token: TOKEN, validMinutes: 60 };
    const subject = (language: string) =>
      renderMail(resetPasswordMail, { to: 'eva@example.test', language, params, context }).subject;
    expect([subject('sk'), subject('cs'), subject('en'), subject('de')]).toEqual([
      'Obnovenie hesla',
      'Obnovení hesla',
      'Reset your password',
      'Obnovenie hesla',
    ]);
  });

  it('escape names and addresses in the HTML part', () => {
    const html = renderMail(invitationMail, {
      to: 'a@b.test',
      language: 'en',
      params: { firstName: '<img src=x>', email: 'a"b@c.test', token: TOKEN, validHours: 72 },
      context,
    }).html;
    expect(html).toContain('Hello &lt;img src=x&gt;,');
    expect(html).toContain('a&quot;b@c.test');
    expect(html).not.toContain('<img');
  });
});
